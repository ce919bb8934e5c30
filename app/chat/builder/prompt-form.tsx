import type { FetcherWithComponents } from '@remix-run/react'
import type { FormEvent, RefObject } from 'react'
import type { AimedAt } from '~/generation/estimate'
import { MAX_ATTACHMENTS } from '~/lib/constants'
import { Button } from '~/ui/button'
import type { ChatData } from '../types'
import { AttachButton, AttachmentFields, AttachmentList, ImagePicker } from './attachments'
import { LimitOverlay } from './limit-overlay'
import { MODEL_FORM_ID, ModelPicker } from './model-picker'
import type { Overlay } from './overlays'
import { PromptInput } from './prompt-input'
import { VisualEditWords } from '~/generation/visual/edits'
import { PROMPT_FORM_ID } from './status-bar'
import { CostEstimate } from './cost-estimate'
import { TokenUsage } from './token-usage'
import type { Composer } from './use-composer'
import type { useModelPicker } from './use-model-picker'
import { WithJs, WithoutJs } from '~/ui/with-js'

/**
 * Spec 2 §2 chat controls: the message with its images, the model picker and Send, today's
 * tokens and the turn's estimate under them; the limit overlay sits over them. One form (intent `send`), posted by a
 * fetcher with JavaScript and by the browser without it; the model picker in the same row
 * belongs to a form of its own (intent `model`).
 */
export function PromptForm({
  Form,
  form,
  chat,
  at,
  processing,
  busy,
  composer,
  picker,
  overlay,
  onCloseOverlay,
  onSubmit,
  onEnter,
  target = null,
  aimed = null,
}: {
  Form: FetcherWithComponents<unknown>['Form']
  form: RefObject<HTMLFormElement>
  chat: ChatData
  at: number
  processing: boolean
  busy: boolean
  composer: Composer
  picker: ReturnType<typeof useModelPicker>
  overlay: Overlay | null
  onCloseOverlay: () => void
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  onEnter: () => void
  /** Issue 30.4: the element picked in the preview, which a send is about (JSON), or null. */
  target?: string | null
  /** What that element is, for the estimate (the send shows the model the element, not the page). */
  aimed?: AimedAt | null
}) {
  const canAttach = !processing && composer.attachments.length + composer.loadingImages < MAX_ATTACHMENTS
  const addFiles = (files: File[]) => void composer.addFiles(files)
  return (
    <>
      <Form
        ref={form}
        id={PROMPT_FORM_ID}
        method="post"
        encType="multipart/form-data"
        onSubmit={onSubmit}
        className="relative border-t border-zinc-200 p-3 dark:border-zinc-800"
      >
        <input type="hidden" name="intent" value="send" />
        <input type="hidden" name="at" value={at} />
        {target ? <input type="hidden" name="target" value={target} /> : null}
        <AttachmentFields attachments={composer.attachments} />
        {overlay ? <LimitOverlay overlay={overlay} onClose={onCloseOverlay} /> : null}
        <AttachmentList attachments={composer.attachments} loading={composer.loadingImages} onRemove={composer.removeAttachment} />
        <PromptInput
          value={composer.input}
          expanded={composer.expanded}
          disabled={processing}
          canAttach={canAttach}
          onChange={composer.setInput}
          onExpand={() => composer.setExpanded(true)}
          onEnter={onEnter}
          onFiles={addFiles}
          placeholder={target ? VisualEditWords.askPlaceholder : undefined}
        />
        <WithoutJs>
          <ImagePicker enabled={canAttach} />
        </WithoutJs>
        <div className="mt-2 flex items-center gap-2">
          <WithJs>
            <AttachButton enabled={canAttach} onFiles={addFiles} />
          </WithJs>
          <label className="sr-only" htmlFor="chat-model">
            Model
          </label>
          <ModelPicker model={picker.model} subscribed={chat.subscribed} saving={picker.saving} disabled={processing} onChoose={picker.choose} />
          {/* With JavaScript a choice saves itself; without, Save posts the model's form. */}
          <Button
            type="submit"
            form={MODEL_FORM_ID}
            size="sm"
            variant="secondary"
            className="shrink-0 px-2 js:hidden"
            disabled={processing}
            aria-label="Save model"
          >
            Save
          </Button>
          <Button
            type="submit"
            size="sm"
            className="ml-auto shrink-0"
            disabled={processing}
            ready={!busy && Boolean(composer.input.trim() || composer.attachments.length)}
          >
            Send
          </Button>
        </div>
        {/* Today's tokens under the model, this turn's estimate under Send: the words need the room the model's name has above. */}
        <div className="mt-1 flex flex-wrap items-center justify-end gap-x-2 gap-y-0.5">
          <TokenUsage dailyTokenCount={chat.usage.dailyTokenCount} tokenLimit={chat.usage.tokenLimit} />
          <CostEstimate chat={chat} at={at} message={composer.input} images={composer.attachments.length} model={picker.model} aimed={target ? aimed : null} />
          {/* Without JavaScript the estimate follows the message when asked: the message is kept and the page comes back. */}
          <Button type="submit" name="estimate" value="yes" size="sm" variant="ghost" className="h-6 shrink-0 px-2 text-xs js:hidden" disabled={processing}>
            Estimate
          </Button>
        </div>
      </Form>
      <picker.Form id={MODEL_FORM_ID} method="post" hidden>
        <input type="hidden" name="intent" value="model" />
      </picker.Form>
    </>
  )
}
