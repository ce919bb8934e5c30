import { useCallback, useState } from 'react'
import { MAX_ATTACHMENTS } from '~/lib/constants'
import { useToast } from '~/ui/toaster'
import { ChatToasts } from '../messages'
import type { Attachment } from '~/pieces/draft-schema'

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(file)
  })

/** What is being written: the message, its images (data URLs, spec 2 §5) and whether the input is expanded. */
export function useComposer(initialInput: string, initialAttachments: Attachment[]) {
  const toast = useToast()
  const [input, setInput] = useState(initialInput)
  const [attachments, setAttachments] = useState<Attachment[]>(initialAttachments)
  const [expanded, setExpanded] = useState(false)
  const [loadingImages, setLoadingImages] = useState(0)

  /** Puts a message and its images (back) in the input. */
  const fill = useCallback((text: string, files: Attachment[]) => {
    setInput(text)
    setAttachments(files)
  }, [])

  /** Images only; a batch that would pass three is ignored entirely. */
  async function addFiles(files: File[]) {
    const images = files.filter((file) => file.type.startsWith('image/'))
    if (!images.length || attachments.length + images.length + loadingImages > MAX_ATTACHMENTS) return
    setLoadingImages((count) => count + images.length)
    try {
      const read = await Promise.all(images.map(async (file) => ({ id: crypto.randomUUID(), type: 'image' as const, url: await readAsDataUrl(file) })))
      setAttachments((current) => (current.length + read.length > MAX_ATTACHMENTS ? current : [...current, ...read]))
    } catch {
      toast({ title: ChatToasts.loadImageFailed, variant: 'destructive' })
    } finally {
      setLoadingImages((count) => count - images.length)
    }
  }

  const removeAttachment = (index: number) => setAttachments((current) => current.filter((_, position) => position !== index))

  return { input, setInput, attachments, expanded, setExpanded, loadingImages, fill, addFiles, removeAttachment }
}

export type Composer = ReturnType<typeof useComposer>
