import { getFormProps, getInputProps, getTextareaProps, useForm, type Submission, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation } from '@remix-run/react'
import type { z } from 'zod'
import { Button } from '~/ui/button'
import { KeepWhenUnreachable } from '~/ui/enhancement'
import { CharCounter, ErrorList, Field, TextareaField } from '~/ui/field'
import { Honeypot } from '~/ui/honeypot'
import { CONTACT_MESSAGE_MAX, ContactMessages, ContactSchema, SignedInContactSchema } from './schema'

const WARN_ABOVE = CONTACT_MESSAGE_MAX * 0.8

/** Spec 1 §2.6: Name, Email (visitors only) and Message; validation on submit only. */
export function ContactForm({ action, askEmail, lastResult }: { action: string; askEmail: boolean; lastResult?: SubmissionResult<string[]> | null }) {
  const schema = askEmail ? ContactSchema : SignedInContactSchema
  const navigation = useNavigation()
  const pending = navigation.state === 'submitting' && navigation.formAction === action
  const [form, fields] = useForm<z.input<typeof ContactSchema>>({
    id: 'contact',
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    // Signed-in users' form lacks the email field; both schemas share the other fields.
    onValidate: ({ formData }) => parseWithZod(formData, { schema }) as Submission<z.input<typeof ContactSchema>>,
  })
  const initialMessage = typeof fields.message.initialValue === 'string' ? fields.message.initialValue : ''

  return (
    <Form method="post" action={action} {...getFormProps(form)} noValidate className="relative space-y-1">
      <Honeypot />
      <Field
        label="Name"
        {...getInputProps(fields.name, { type: 'text' })}
        autoComplete="name"
        placeholder="Your name (optional)"
        errors={fields.name.errors}
      />
      {askEmail ? (
        <Field
          label="Email"
          {...getInputProps(fields.email, { type: 'email' })}
          required={false}
          autoComplete="email"
          placeholder="you@example.com"
          errors={fields.email.errors}
        />
      ) : null}
      <TextareaField
        label="Message"
        {...getTextareaProps(fields.message)}
        required={false}
        minLength={undefined}
        maxLength={CONTACT_MESSAGE_MAX}
        rows={6}
        placeholder="How can we help?"
        errors={fields.message.errors}
        hint={<CharCounter field={fields.message.id} initial={initialMessage} max={CONTACT_MESSAGE_MAX} warnAbove={WARN_ABOVE} />}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <KeepWhenUnreachable title={ContactMessages.sendFailed} errorSlot={form.errorId} />
      <Button type="submit" pending={pending} className="w-full sm:w-auto">
        Send message
      </Button>
    </Form>
  )
}
