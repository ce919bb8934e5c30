import { SOCIAL_LINKS, SUPPORT_EMAIL, SUPPORT_PHONE } from '~/lib/constants'

export function ContactInfoCard() {
  return (
    <aside aria-labelledby="contact-info" className="h-fit rounded-2xl border border-zinc-200 p-6 dark:border-zinc-800">
      <h2 id="contact-info" className="!mt-0 !mb-4 text-lg font-semibold">
        Get in touch
      </h2>
      <dl className="space-y-3 text-sm">
        <div>
          <dt className="text-zinc-500">Email</dt>
          <dd>
            <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </dd>
        </div>
        <div>
          <dt className="text-zinc-500">Phone</dt>
          <dd>
            <a href={`tel:${SUPPORT_PHONE.replace(/[^+\d]/g, '')}`}>{SUPPORT_PHONE}</a>
          </dd>
        </div>
      </dl>
      <ul aria-label="Follow us" className="!mt-5 !mb-0 flex !list-none flex-wrap gap-x-4 gap-y-2 !space-y-0 !pl-0 text-sm">
        {SOCIAL_LINKS.filter((link) => !link.href.startsWith('mailto:')).map((link) => (
          <li key={link.label}>
            <a href={link.href} target="_blank" rel="noopener noreferrer">
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </aside>
  )
}
