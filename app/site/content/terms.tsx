import { PLUS_DAILY_TOKEN_LIMIT, PRODUCT_NAME, SUPPORT_EMAIL } from '~/lib/constants'
import { StaticPage } from '../static-page'

export function TermsPage({ inSettings = false }: { inSettings?: boolean }) {
  return (
    <StaticPage title="Terms of Service" lastUpdated="February 15, 2025" inSettings={inSettings}>
      <p>
        These terms govern your use of {PRODUCT_NAME}. By creating an account or using the service you agree to them. If you do not agree, please do not use{' '}
        {PRODUCT_NAME}.
      </p>
      <h2>Your account</h2>
      <p>
        You must be at least 13 years old. Keep your sign-in details safe; you are responsible for what happens under your account. Tell us at once if you
        suspect unauthorised use.
      </p>
      <h2>Your content</h2>
      <p>
        You own the Pieces you create and what you write to the assistant. You give us the licence we need to host, run, display and share them as you choose
        (public, members-only or private). You are responsible for making sure your Pieces do not infringe anyone's rights.
      </p>
      <h2>Acceptable use</h2>
      <ul>
        <li>No illegal content, malware, phishing, or attempts to collect other people's data without consent.</li>
        <li>No attempts to break, overload or get around the limits and security of the service.</li>
        <li>No use of Pieces to harass, deceive or harm others.</li>
      </ul>
      <h2>Plans, tokens and billing</h2>
      <p>
        The free plan includes a daily token allowance that resets at 12am ET. PLUS is a paid subscription with a daily limit of{' '}
        {PLUS_DAILY_TOKEN_LIMIT.toLocaleString('en-US')} tokens. With usage-based pricing turned on, tokens beyond your allowance are billed at the published
        price per million tokens, up to the monthly budget you set; we never charge more than that budget. Subscriptions renew each period until cancelled;
        cancelling takes effect at the end of the current period.
      </p>
      <h2>Campaigns and contracts</h2>
      <p>
        Parts of {PRODUCT_NAME} were built for creators who fund their work through crowdfunding-style campaigns backed by contracts. Where you run such a
        campaign, the contract's terms decide when pledges are paid out or refunded, and our fees are a percentage of successful campaigns, shown before you
        launch. Unsuccessful campaigns carry no fee.
      </p>
      <h2>Termination</h2>
      <p>
        You may stop using {PRODUCT_NAME} and delete your account at any time. We may suspend or close accounts that break these terms, with notice where we
        reasonably can.
      </p>
      <h2>Disclaimers</h2>
      <p>
        AI-generated code can contain mistakes. The service is provided "as is", without warranties, and to the extent the law allows, our liability is limited
        to the amount you paid us in the twelve months before a claim.
      </p>
      <h2>Changes</h2>
      <p>We will give 30 days' notice of material changes to these terms.</p>
      <h2>Contact</h2>
      <p>
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
      </p>
    </StaticPage>
  )
}
