import type { Submission } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from '@remix-run/node'
import type { z } from 'zod'
import { STATUS_OF } from './api.server'
import { DomainError } from './errors'
import { unexpectedFailure } from './failure.server'
import {
  firstError,
  invalidReply,
  refusedReply,
  sentFields,
  type FormDone,
  type FormRefused,
  type FormReply,
  type FormWords,
  type SentForm,
} from './form-reply'
import { MALFORMED_FORM_MESSAGE } from './messages'
import { upgradeHref, type PaymentDialogMode } from './payment-dialog'
import { isDocumentSubmission } from './submission.server'
import { redirectWithToast } from './toast.server'

/** A form as its action reads it: its schema and its words (shared with the page), and where a page load goes back to. */
export type FormDefinition<Schema extends z.ZodType> = FormWords & {
  schema: Schema
  /**
   * For a form on another route's page (a fetcher's resource): where the page posted
   * without JavaScript goes back to, done or refused (with the refusal's toast). Without
   * it the form's own page is rendered again with the reply.
   */
  back?: (sent: SentForm) => string
  /** Fields never sent back to the page (a password). */
  hideFields?: string[]
}

/** A refusal as an action says it; `ofSent` when the feature's rules refused what was sent (see `FormWords`); `back` overrides the form's. */
export type Refusal = { message: string; status: number; upgrade?: PaymentDialogMode; ofSent?: boolean; back?: string }

/** What `run` has at hand besides the parsed value. */
export type FormAnswer = {
  /** Posted by the page itself (JavaScript off, a full page load) rather than by a fetcher. */
  fromPage: boolean
  sent: SentForm
  /** The answer to a refusal found by the action itself rather than thrown. */
  refuse: (refusal: Refusal) => Promise<Answered<never>>
}

/** An action's answer: a redirect, or the reply. */
export type Answered<Done> = Response | ReturnType<typeof data<FormReply<Done>>>

type Handling<Value, Done> = {
  /** The logger's name for an unexpected failure. */
  component: string
  /** A refusal of the whole submission, found before its fields are read (the session ended, too many requests). */
  refusal?: Refusal | null
  /** The body, when the action has read it already. */
  formData?: FormData
  /** Whether a feature's refusal opens the payment dialog, and in which mode; by default when it needs PLUS. */
  upgradeOf?: (error: DomainError) => PaymentDialogMode | undefined
  /** Called when the fields are not valid, before answering (the chat keeps an unsent message). */
  onInvalid?: (sent: SentForm, answer: { fromPage: boolean }) => Promise<void>
  /** Does what was asked: answers a redirect, or what the page needs to know (a fetcher gets it as `{ ok: true, done }`). */
  run: (value: Value, answer: FormAnswer) => Promise<Response | Done>
}

const upgradeWhenPlus = (error: DomainError): PaymentDialogMode | undefined => (error.details.requiresSubscription ? 'upgrade-to-plus' : undefined)

/**
 * The one way an action reads a form and answers it (docs/decisions/0046): with the same
 * rules for a fetcher and a page posted without JavaScript, only the answer's shape differs.
 * - the fields are parsed with the form's schema (conform); invalid ones are a 400 with the
 *   field errors;
 * - `run` does the work; a `DomainError` it throws is a refusal with the JSON API's status,
 *   anything else is logged and said as the JSON API would (500, or 503 while the database is
 *   down);
 * - a refusal is a `FormReply` for a fetcher (and for a page that renders its own form), or a
 *   redirect `back` with the refusal's toast for a page load (and the payment dialog open when
 *   the refusal needs it).
 */
export async function answerForm<Schema extends z.ZodType, Done = true>(
  request: Request,
  form: FormDefinition<Schema>,
  handling: Handling<z.output<Schema>, Done>,
): Promise<Answered<Done>> {
  const { submission, sent, fromPage, path, refuse } = await readForm(request, form, handling.formData)
  if (handling.refusal) return refuse(handling.refusal)
  if (submission.status !== 'success') {
    await handling.onInvalid?.(sent, { fromPage })
    return answerInvalid(form, submission, { sent, fromPage, path })
  }
  try {
    const outcome = await handling.run(submission.value, { fromPage, sent, refuse })
    if (outcome instanceof Response || isRefusalAnswer(outcome)) return outcome
    if (fromPage && form.back) return redirect(form.back(sent))
    return data<FormReply<Done>>({ ok: true, done: outcome } satisfies FormDone<Done>)
  } catch (error) {
    if (error instanceof Response) throw error
    if (error instanceof DomainError) {
      const upgrade = (handling.upgradeOf ?? upgradeWhenPlus)(error)
      return refuse({ message: error.message, status: STATUS_OF[error.kind], upgrade, ofSent: true })
    }
    return refuse(unexpectedFailure(handling.component, 'form failed', error))
  }
}

/**
 * The answer to a refusal of the whole submission found before `answerForm` could run it (no
 * one is signed in): what `answerForm` answers with the same `refusal`.
 */
export async function refuseForm(request: Request, form: FormDefinition<z.ZodType>, refusal: Refusal, formData?: FormData): Promise<Answered<never>> {
  const { refuse } = await readForm(request, form, formData)
  return refuse(refusal)
}

async function readForm<Schema extends z.ZodType>(request: Request, form: FormDefinition<Schema>, body?: FormData) {
  const formData = body ?? (await request.formData())
  const sent = sentFields(formData)
  const fromPage = isDocumentSubmission(request)
  const path = new URL(request.url).pathname
  // Parsed before any refusal, so that a refusal too gives back what was typed.
  const submission = parseWithZod(formData, { schema: form.schema })
  const refuse = (refusal: Refusal) => answerRefusal(form, submission, refusal, { sent, fromPage, path })
  return { submission, sent, fromPage, path, refuse }
}

type Context = { sent: SentForm; fromPage: boolean; path: string }

/** The fields' own errors stay on their fields; the form's failure toast says the first of them when there is one. */
function answerInvalid(form: FormDefinition<z.ZodType>, submission: Submission<unknown>, context: Context) {
  const result = submission.reply({ hideFields: form.hideFields })
  const message = firstError(result)
  if (!message) return answerRefusal(form, submission, { message: MALFORMED_FORM_MESSAGE, status: 400 }, context)
  return answerReply(form, invalidReply(form, message, context.sent, context.path, result), context)
}

function answerRefusal(form: FormDefinition<z.ZodType>, submission: Submission<unknown>, refusal: Refusal, context: Context) {
  const reply = refusedReply(form, refusal, context.sent, context.path, (errors) => submission.reply({ ...errors, hideFields: form.hideFields }))
  return answerReply(form, reply, context, refusal.back)
}

/** The refusals answered with a reply, which `run` may return as its own answer. */
const refusals = new WeakSet<object>()
const isRefusalAnswer = (value: unknown): value is Answered<never> => typeof value === 'object' && value !== null && refusals.has(value)

async function answerReply(form: FormDefinition<z.ZodType>, reply: FormRefused, context: Context, back?: string): Promise<Answered<never>> {
  const target = back ?? form.back?.(context.sent)
  if (!context.fromPage || !target) {
    const answer = data<FormReply<never>>(reply, { status: reply.status })
    refusals.add(answer)
    return answer
  }
  const message = firstError(reply.result) ?? ''
  const toast = reply.toast ?? { title: message }
  return redirectWithToast(reply.upgrade ? upgradeHref(target, reply.upgrade) : target, { ...toast, variant: 'destructive' })
}
