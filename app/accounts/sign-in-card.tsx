import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, Link, useNavigation } from '@remix-run/react'
import { Button } from '~/ui/button'
import { ErrorList, Field } from '~/ui/field'
import { CredentialsSchema } from './schema'

type Mode = 'signin' | 'signup'

const COPY: Record<Mode, { heading: string; submit: string; switchText: string; switchLink: string; switchTo: string }> = {
  signin: { heading: 'Welcome back', submit: 'Sign in', switchText: "Don't have an account?", switchLink: 'Sign up', switchTo: '/signup' },
  signup: { heading: 'Create your account', submit: 'Sign up', switchText: 'Already have an account?', switchLink: 'Sign in', switchTo: '/signin' },
}

/** The shared sign-in/sign-up card; errors appear only after a submit attempt. */
export function SignInCard({ mode, redirectTo, lastResult }: { mode: Mode; redirectTo: string | null; lastResult?: SubmissionResult<string[]> | null }) {
  const copy = COPY[mode]
  const action = `/${mode}`
  const navigation = useNavigation()
  const pending = navigation.state !== 'idle' && navigation.formAction === action
  const [form, fields] = useForm({
    id: mode,
    lastResult,
    constraint: getZodConstraint(CredentialsSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CredentialsSchema }),
  })
  const keepRedirect = redirectTo ? `?${new URLSearchParams({ redirect: redirectTo })}` : ''

  return (
    <div className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6 shadow-xl">
      <h1 className="text-xl font-semibold">{copy.heading}</h1>
      <Form method="post" action={action} {...getFormProps(form)} noValidate className="mt-6">
        <fieldset disabled={pending} className="space-y-1">
          {redirectTo ? <input type="hidden" name="redirect" value={redirectTo} /> : null}
          <Field label="Email" {...getInputProps(fields.email, { type: 'email' })} required={false} autoComplete="email" errors={fields.email.errors} />
          <Field
            label="Password"
            {...getInputProps(fields.password, { type: 'password' })}
            required={false}
            minLength={undefined}
            autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
            errors={fields.password.errors}
          />
          <ErrorList id={form.errorId} errors={form.errors} />
          <Button type="submit" pending={pending} className="w-full">
            {copy.submit}
          </Button>
        </fieldset>
      </Form>
      <p className="mt-6 text-center text-sm text-zinc-400">
        {copy.switchText}{' '}
        <Link to={`${copy.switchTo}${keepRedirect}`} className="font-medium text-brand-400 underline underline-offset-4">
          {copy.switchLink}
        </Link>
      </p>
      <p className="mt-4 text-center text-xs text-zinc-500">
        By continuing you agree to our{' '}
        <Link to="/terms" className="underline underline-offset-2">
          Terms
        </Link>{' '}
        and{' '}
        <Link to="/privacy" className="underline underline-offset-2">
          Privacy Policy
        </Link>
        .
      </p>
    </div>
  )
}
