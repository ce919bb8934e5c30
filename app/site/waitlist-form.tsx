import { KeepWhenUnreachable } from '~/ui/enhancement'
import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation } from '@remix-run/react'
import { Button } from '~/ui/button'
import { ErrorList } from '~/ui/field'
import { Honeypot } from '~/ui/honeypot'
import { useToast } from '~/ui/toaster'
import type { FormEvent } from 'react'
import { WaitlistMessages, WaitlistSchema } from './schema'

export function WaitlistForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
  const navigation = useNavigation()
  const pending = navigation.state !== 'idle' && navigation.formAction?.startsWith('/landing') === true
  const [form, fields] = useForm({
    id: 'waitlist-form',
    lastResult,
    constraint: getZodConstraint(WaitlistSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: WaitlistSchema }),
  })
  const showToast = useToast()
  const formProps = getFormProps(form)
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    formProps.onSubmit(event)
    const email = new FormData(event.currentTarget).get('email')
    if (!WaitlistSchema.safeParse({ email }).success) showToast({ title: WaitlistMessages.checkEmail, variant: 'destructive' })
  }
  return (
    <Form method="post" action="/landing" {...formProps} onSubmit={onSubmit} noValidate className="relative w-full max-w-md">
      <Honeypot />
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor={fields.email.id} className="sr-only">
          Email address
        </label>
        <input
          {...getInputProps(fields.email, { type: 'email' })}
          required={false}
          placeholder="you@example.com"
          autoComplete="email"
          className="h-12 rounded-xl border border-zinc-700 sm:flex-1 bg-zinc-900/80 px-4 text-zinc-100 placeholder:text-zinc-500 focus:outline-2 focus:outline-brand-500 aria-[invalid]:border-red-500"
        />
        <Button type="submit" size="lg" pending={pending}>
          Join the waitlist
        </Button>
      </div>
      <ErrorList id={fields.email.errorId} errors={[...(fields.email.errors ?? []), ...(form.errors ?? [])]} />
      <KeepWhenUnreachable title={WaitlistMessages.failed} errorSlot={null} />
    </Form>
  )
}
