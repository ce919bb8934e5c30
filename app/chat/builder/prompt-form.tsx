import { Form } from '@remix-run/react'
import { MAX_ATTACHMENTS } from '~/lib/constants'
import { Button } from '~/ui/button'
import type { ChatData } from '../types'
import { AttachButton, AttachmentList } from './attachments'
import { LimitOverlay } from './limit-overlay'
import { ModelPicker } from './model-picker'
import type { Overlay } from './overlays'
import { PromptInput } from './prompt-input'
import { TokenUsage } from './token-usage'
import type { Composer } from './use-composer'
import type { useModelPicker } from './use-model-picker'

/**
 * Spec 2 §2 chat controls: the message with its images, the model picker, today's tokens
 * and Send; the limit overlay sits over them. Without JavaScript a plain form posts the message.
 */
export function PromptForm({
  chat,
  hydrated,
  processing,
  composer,
  picker,
  overlay,
  onCloseOverlay,
  onSend,
}: {
  chat: ChatData
  hydrated: boolean
  processing: boolean
  composer: Composer
  picker: ReturnType<typeof useModelPicker>
  overlay: Overlay | null
  onCloseOverlay: () => void
  onSend: () => void
}) {
  const canAttach = !processing && composer.attachments.length + composer.loadingImages < MAX_ATTACHMENTS
  const addFiles = (files: File[]) => void composer.addFiles(files)
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        if (!hydrated) return
        event.preventDefault()
        onSend()
      }}
      className="relative border-t border-zinc-200 p-3 dark:border-zinc-800"
    >
      <input type="hidden" name="intent" value="send" />
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
        onEnter={onSend}
        onFiles={addFiles}
      />
      <div className="mt-2 flex items-center gap-2">
        {hydrated ? <AttachButton enabled={canAttach} onFiles={addFiles} /> : null}
        <label className="sr-only" htmlFor="chat-model">
          Model
        </label>
        {hydrated ? (
          <ModelPicker model={picker.model} subscribed={chat.subscribed} disabled={processing} onChoose={(model) => void picker.choose(model)} />
        ) : null}
        <TokenUsage dailyTokenCount={chat.usage.dailyTokenCount} tokenLimit={chat.usage.tokenLimit} />
        <Button type="submit" size="sm" disabled={hydrated && (processing || (!composer.input.trim() && !composer.attachments.length))}>
          Send
        </Button>
      </div>
    </Form>
  )
}
