import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation } from '@remix-run/react'
import { Button } from '~/ui/button'
import { CharCounter, ErrorList, Field } from '~/ui/field'
import { NAME_MAX, NAME_WARN_ABOVE, UsernameSchema } from './schema'

export function UsernameForm({ action, lastResult }: { action: string; lastResult?: SubmissionResult<string[]> | null }) {
  const navigation = useNavigation()
  const pending = navigation.state !== 'idle' && navigation.formAction?.startsWith('/onboarding') === true
  const [form, fields] = useForm({
    id: 'username',
    lastResult,
    constraint: getZodConstraint(UsernameSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: UsernameSchema }),
  })
  return (
    <Form method="post" action={action} {...getFormProps(form)} noValidate>
      <fieldset disabled={pending} className="space-y-1">
        <Field
          label="Username"
          {...getInputProps(fields.username, { type: 'text' })}
          required={false}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          errors={fields.username.errors}
          hint={
            <div className="flex justify-end">
              <CharCounter field={fields.username.id} initial={String(fields.username.initialValue ?? '')} trim max={NAME_MAX} warnAbove={NAME_WARN_ABOVE} />
            </div>
          }
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Button type="submit" pending={pending} className="w-full">
          Continue
        </Button>
      </fieldset>
    </Form>
  )
}
