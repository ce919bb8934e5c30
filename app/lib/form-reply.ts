import type { SubmissionResult } from '@conform-to/react'
import type { PaymentDialogMode } from './payment-dialog'

/**
 * The form kit's one answer (docs/decisions/0046): every form of the product, posted by a
 * fetcher or by the page itself, is answered with a redirect (success, post/redirect/get)
 * or with a `FormReply`; the server's action builds it with `answerForm`
 * (app/lib/form-kit.server.ts), the browser builds the same shape when the server could not
 * be asked (app/lib/unreachable.ts), and the page reads it with `useFormReply`
 * (app/ui/use-form-reply.ts).
 */
export type FormReply<Done = true> = FormDone<Done> | FormRefused

/** Done, with what the page needs to know (the intent that ran, that feedback was sent). */
export type FormDone<Done = true> = { ok: true; done: Done }

/** A refusal: nothing was changed; what was sent stays in the form. */
export type FormRefused = {
  ok: false
  /** The status the JSON API would answer with; 0 when the server could not be reached. */
  status: number
  /** conform's reply: the errors for each field and for the form, and what was sent (a page rendered afresh shows it again). */
  result: SubmissionResult<string[]>
  /** The toast the refusal shows: the form's failure, with the reason under it. Absent when the form shows it in place alone. */
  toast?: FormToast
  /** The payment dialog the refusal opens (the limit is one PLUS lifts). */
  upgrade?: PaymentDialogMode
}

export type FormToast = { title: string; description?: string }

/** What a form sent, its text fields by name (a file cannot be put back in an input). */
export type SentForm = Record<string, string>

export function sentFields(formData: FormData): SentForm {
  return Object.fromEntries([...formData.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
}

/**
 * What a form says of a refusal, shared by the server's action and the browser's
 * (docs/decisions/0046):
 * - `failure`: the toast title for what was sent (the spec's "Failed to …" for that form);
 * - `inPlace`: where the form shows a refusal of what was sent (the feature's rules said no):
 *   under that field, or under the form for `''`; such a refusal gets no toast. A form
 *   with `inPlace` also shows its fields' errors by them.
 * - `invalid`: the toast title for fields that are not valid, when the form wants one even
 *   though it shows them (the waitlist's "Please check your email").
 * A refusal of the whole submission (no answer, the database down, too many requests, the
 * session ended, a fault) is the form's error and its failure toast.
 */
export type FormWords = {
  failure?: (sent: SentForm, path: string) => string | undefined
  inPlace?: (sent: SentForm) => string | undefined
  invalid?: string
}

/** The first error of a refused submission: the form's own, then any field's. */
export function firstError(result: SubmissionResult<string[]> | null | undefined): string | null {
  if (!result || result.status !== 'error' || !result.error) return null
  const { '': formErrors, ...fieldErrors } = result.error
  return [...(formErrors ?? []), ...Object.values(fieldErrors).flatMap((errors) => errors ?? [])][0] ?? null
}

type Errors = { fieldErrors?: Record<string, string[]>; formErrors?: string[] }
type ResultOf = (errors: Errors) => SubmissionResult<string[]>

/** A refusal, in the form's words (see `FormWords`); `ofSent` when the feature's rules refused what was sent. */
export function refusedReply(
  words: FormWords,
  refusal: { message: string; status: number; upgrade?: PaymentDialogMode; ofSent?: boolean },
  sent: SentForm,
  path: string,
  result: ResultOf = (errors) => sentResult(sent, errors),
): FormRefused {
  const at = refusal.ofSent ? words.inPlace?.(sent) : undefined
  const errors: Errors = at === undefined || at === '' ? { formErrors: [refusal.message] } : { fieldErrors: { [at]: [refusal.message] } }
  const title = at === undefined ? words.failure?.(sent, path) : undefined
  return {
    ok: false,
    status: refusal.status,
    result: result(errors),
    ...(title && { toast: toastOf(title, refusal.message) }),
    ...(refusal.upgrade && { upgrade: refusal.upgrade }),
  }
}

/** Fields that are not valid: their errors stay by them, with a toast when the form does not show them (or has its own for it). */
export function invalidReply(words: FormWords, message: string, sent: SentForm, path: string, result: SubmissionResult<string[]>): FormRefused {
  // A form's own invalid toast only says to look at the fields, which say what is wrong.
  if (words.invalid) return { ok: false, status: 400, result, toast: { title: words.invalid } }
  const title = words.inPlace?.(sent) !== undefined ? undefined : words.failure?.(sent, path)
  return { ok: false, status: 400, result, ...(title && { toast: toastOf(title, message) }) }
}

const toastOf = (title: string, message: string): FormToast => (title === message ? { title } : { title, description: message })

/** conform's reply for a submission conform did not parse (refused in the browser): the errors, and what was sent as the form's values. */
function sentResult(sent: SentForm, { fieldErrors = {}, formErrors = [] }: Errors) {
  return { status: 'error', initialValue: sent, error: { '': formErrors, ...fieldErrors } } satisfies SubmissionResult<string[]>
}
