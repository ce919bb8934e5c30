import type { FetcherWithComponents } from '@remix-run/react'
import type { FormEvent, RefObject } from 'react'
import { MAX_ATTACHMENTS } from '~/lib/constants'
import { Button } from '~/ui/button'
import type { ChatData } from '../types'
import { AttachButton, AttachmentFields, AttachmentList } from './attachments'
import { LimitOverlay } from './limit-overlay'
import { ModelPicker } from './model-picker'
import type { Overlay } from './overlays'
import { PromptInput } from './prompt-input'
import { TokenUsage } from './token-usage'
import type { Composer } from './use-composer'
import type { useModelPicker } from './use-model-picker'

/**
 * Spec 2 §2 chat controls: the message with its images, the model picker, today's tokens
 * and Send; the limit overlay sits over them. One form (intent `send`), posted by a
 * fetcher with JavaScript and by the browser without it.
 */
export function PromptForm({
  Form,
  form,
  chat,
  at,
  hydrated,
  processing,
  busy,
  composer,
  picker,
  overlay,
  onCloseOverlay,
  onSubmit,
  onEnter,
}: {
  Form: FetcherWithComponents<unknown>['Form']
  form: RefObject<HTMLFormElement>
  chat: ChatData
  at: number
  hydrated: boolean
  processing: boolean
  busy: boolean
  composer: Composer
  picker: ReturnType<typeof useModelPicker>
  overlay: Overlay | null
  onCloseOverlay: () => void
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  onEnter: () => void
}) {
  const canAttach = !processing && composer.attachments.length + composer.loadingImages < MAX_ATTACHMENTS
  const addFiles = (files: File[]) => void composer.addFiles(files)
  return (
    <Form ref={form} method="post" encType="multipart/form-data" onSubmit={onSubmit} className="relative border-t border-zinc-200 p-3 dark:border-zinc-800">
      <input type="hidden" name="intent" value="send" />
      <input type="hidden" name="at" value={at} />
      {hydrated ? <AttachmentFields attachments={composer.attachments} /> : null}
      {overlay ? <LimitOverlay overlay={overlay} onClose={onCloseOverlay} /> : null}
      <AttachmentList attachments={composer.attachments} loading={composer.loadingImages} onRemove={composer.removeAttachment} />
      <PromptInput
        hydrated={hydrated}
        value={composer.input}
        defaultValue={chat.draft.currentInput}
        expanded={composer.expanded}
        disabled={processing && hydrated}
        canAttach={canAttach}
        onChange={composer.setInput}
        onExpand={() => composer.setExpanded(true)}
        onEnter={onEnter}
        onFiles={addFiles}
      />
      <div className="mt-2 flex items-center gap-2">
        {hydrated ? <AttachButton enabled={canAttach} onFiles={addFiles} /> : null}
        <label className="sr-only" htmlFor="chat-model">
          Model
        </label>
        {hydrated ? (
          <ModelPicker model={picker.model} subscribed={chat.subscribed} saving={picker.saving} disabled={processing} onChoose={picker.choose} />
        ) : null}
        <TokenUsage dailyTokenCount={chat.usage.dailyTokenCount} tokenLimit={chat.usage.tokenLimit} />
        <Button type="submit" size="sm" className="shrink-0" disabled={hydrated && (busy || (!composer.input.trim() && !composer.attachments.length))}>
          Send
        </Button>
      </div>
    </Form>
  )
}
