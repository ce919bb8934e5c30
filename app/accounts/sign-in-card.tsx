import { KeepWhenUnreachable } from '~/ui/enhancement'
import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, Link, useNavigation } from '@remix-run/react'
import { Button } from '~/ui/button'
import { ErrorList, Field } from '~/ui/field'
import { AuthMessages, CredentialsSchema } from './schema'

type Mode = 'signin' | 'signup'

const COPY: Record<Mode, { heading: string; submit: string; switchText: string; switchLink: string; switchTo: string }> = {
  signin: { heading: 'Welcome back', submit: 'Sign in', switchText: "Don't have an account?", switchLink: 'Sign up', switchTo: '/signup' },
  signup: { heading: 'Create your account', submit: 'Sign up', switchText: 'Already have an account?', switchLink: 'Sign in', switchTo: '/signin' },
}

/** The shared sign-in/sign-up card; errors appear only after a submit attempt. */
export function SignInCard({
  mode,
  redirectTo,
  lastResult,
  google = false,
}: {
  mode: Mode
  redirectTo: string | null
  lastResult?: SubmissionResult<string[]> | null
  /** Shows 'Continue with Google' (only when Google sign-in is configured). */
  google?: boolean
}) {
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
      {google ? <GoogleButton redirectTo={redirectTo} /> : null}
      <Form method="post" action={action} {...getFormProps(form)} noValidate className={google ? 'mt-4' : 'mt-6'}>
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
        <KeepWhenUnreachable title={mode === 'signup' ? AuthMessages.signUpFailed : AuthMessages.signInFailed} errorSlot={form.errorId} />
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

/**
 * A plain document post: the answer is a redirect to Google, which only a full navigation
 * can follow. It works the same with JavaScript off.
 */
function GoogleButton({ redirectTo }: { redirectTo: string | null }) {
  return (
    <>
      <Form method="post" action="/auth/google" reloadDocument className="mt-6">
        {redirectTo ? <input type="hidden" name="redirect" value={redirectTo} /> : null}
        <Button type="submit" variant="secondary" className="w-full">
          <GoogleMark />
          Continue with Google
        </Button>
      </Form>
      <div className="mt-4 flex items-center gap-3 text-xs uppercase tracking-wide text-zinc-500" aria-hidden="true">
        <span className="h-px flex-1 bg-zinc-800" />
        or
        <span className="h-px flex-1 bg-zinc-800" />
      </div>
    </>
  )
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 48 48" className="size-4" aria-hidden="true">
      <path fill="#EA4335" d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.2C12.5 13.6 17.8 9.5 24 9.5z" />
      <path fill="#4285F4" d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.4 5.8c4.3-4 6.9-9.9 6.9-17.2z" />
      <path fill="#FBBC05" d="M10.6 28.7c-.5-1.4-.8-3-.8-4.7s.3-3.2.8-4.7l-7.9-6.2C1 16.5 0 20.1 0 24s1 7.5 2.7 10.8l7.9-6.1z" />
      <path fill="#34A853" d="M24 48c6.5 0 11.9-2.1 15.8-5.8l-7.4-5.8c-2.1 1.4-4.8 2.3-8.4 2.3-6.2 0-11.5-4.2-13.4-9.9l-7.9 6.1C6.6 42.6 14.6 48 24 48z" />
    </svg>
  )
}
