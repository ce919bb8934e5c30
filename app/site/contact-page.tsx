import type { SubmissionResult } from '@conform-to/react'
import { Link } from '@remix-run/react'
import type { FormReply } from '~/lib/form-reply'
import { StaticFormToast } from '~/ui/form-toast'
import { ContactForm } from './contact-form'
import { ContactInfoCard } from './content/contact-card'
import { ContactMessages } from './schema'
import { StaticPage } from './static-page'

export function ContactPage({
  action,
  askEmail,
  inSettings,
  lastResult,
  reply,
  sent,
}: {
  action: string
  askEmail: boolean
  inSettings: boolean
  lastResult?: SubmissionResult<string[]> | null
  /** The form's reply, whose toast shows in place without JavaScript. */
  reply?: FormReply<unknown>
  sent: boolean
}) {
  return (
    <StaticPage title="Contact Us" inSettings={inSettings}>
      <p>Questions, feedback, a bug, or an idea? Send us a message and a person will read it.</p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_18rem]">
        <div className="relative rounded-2xl border border-zinc-200 p-6 dark:border-zinc-800">
          <ContactForm action={action} askEmail={askEmail} lastResult={lastResult} />
          {sent ? (
            <div role="status" className="absolute inset-0 grid place-items-center rounded-2xl bg-white/95 p-6 text-center dark:bg-zinc-900/95">
              <div>
                <h2 className="!mt-0 text-2xl font-semibold">{ContactMessages.thankYouTitle}</h2>
                <p>{ContactMessages.thankYouText}</p>
                <Link to={action} replace className="text-sm font-medium">
                  Send another message
                </Link>
              </div>
            </div>
          ) : null}
        </div>
        <ContactInfoCard />
      </div>
      <StaticFormToast reply={reply} />
    </StaticPage>
  )
}
