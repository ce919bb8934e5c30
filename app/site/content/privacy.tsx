import { PRODUCT_NAME, SUPPORT_EMAIL } from '~/lib/constants'
import { StaticPage } from '../static-page'

export function PrivacyPage({ inSettings = false }: { inSettings?: boolean }) {
  return (
    <StaticPage title="Privacy Policy" lastUpdated="February 15, 2025" inSettings={inSettings}>
      <p>
        This policy explains what {PRODUCT_NAME} collects when you use our website and services, why, and the choices you have. We collect as little as we can
        and never sell your personal information.
      </p>
      <h2>What we collect</h2>
      <ul>
        <li>Account details: your email address, username, and a securely hashed password or your Google account's identifier.</li>
        <li>What you create: your Pieces, their descriptions and icons, and the messages you send to the assistant.</li>
        <li>Usage: token counts, and the pages and features you use, to run limits and improve the product.</li>
        <li>Billing: handled by our payment processor; we keep only your subscription status and invoices, never card numbers.</li>
        <li>Messages you send us through the contact form or feedback.</li>
      </ul>
      <h2>How we use it</h2>
      <p>
        To provide and secure the service, to generate your Pieces, to enforce plan limits and bill usage, to answer you, and to tell you about changes that
        affect you. Prompts are sent to our AI providers only to produce your results.
      </p>
      <h2>Sharing</h2>
      <p>
        We share data only with providers who help us run {PRODUCT_NAME} (hosting, AI models, payments, email), under contracts that limit their use of it, or
        when the law requires. Public Pieces are visible to anyone by design.
      </p>
      <h2>Retention</h2>
      <p>
        We keep your data while your account exists. When you delete a Piece or your account, we delete the data within 30 days, except what we must keep by law
        (such as invoices).
      </p>
      <h2>Security</h2>
      <p>
        Passwords are hashed, sessions can be revoked, traffic is encrypted, and code generated for Pieces runs on a separate, isolated origin that cannot read
        your account.
      </p>
      <h2>Children</h2>
      <p>
        {PRODUCT_NAME} is not directed to children under 13, and we do not knowingly collect personal information from children under 13. If you believe a child
        has given us information, contact us and we will delete it.
      </p>
      <h2>Your rights and data requests</h2>
      <p>
        You can ask to access, correct, export or delete your personal information. We answer standard requests within 30 days and urgent requests — for example
        about a security concern or data exposed by mistake — within 72 hours.
      </p>
      <h2>Changes to this policy</h2>
      <p>We will give you 30 days' notice before a material change takes effect, by email and on this page. The date at the top shows the latest version.</p>
      <h2>Contact</h2>
      <p>
        Questions about privacy: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </StaticPage>
  )
}
