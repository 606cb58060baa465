import { mailto } from '@/lib/routes'
import { texts } from '@/lib/texts'
import { LegalDocument, type LegalSection } from './legal-document'

const { name, supportEmail, headquarters } = texts.brand
const support = (
  <a href={mailto(supportEmail)} className="text-primary underline">
    {supportEmail}
  </a>
)

const sections: LegalSection[] = [
  {
    id: 'information-we-collect',
    title: 'Information we collect',
    body: (
      <>
        <p>We collect only what we need to run {name} for carriers, drivers and brokers:</p>
        <ul>
          <li>
            <strong>Account information</strong> — your name, e-mail address, phone number, role and
            password (stored only as a salted hash).
          </li>
          <li>
            <strong>Carrier information</strong> — your USDOT number and the public carrier record the
            Federal Motor Carrier Safety Administration (FMCSA) publishes for it, such as legal and DBA
            name, address, phone and number of power units.
          </li>
          <li>
            <strong>ELD data</strong> — when a fleet connects an electronic logging device provider
            (for example Samsara, Motive or Geotab), we import drivers, vehicles, trailers, locations and
            assignments from that provider. The API key you give us is encrypted at rest.
          </li>
          <li>
            <strong>Documents</strong> — files you upload, such as registrations, insurance certificates,
            permits and driver documents, with their issue and expiry dates.
          </li>
          <li>
            <strong>Payment information</strong> — subscriptions are paid through Stripe. Card details go
            directly to Stripe; we receive only the subscription status, plan and a reference id.
          </li>
          <li>
            <strong>Usage information</strong> — server logs (IP address, browser, pages requested and
            times) that we keep to secure and operate the service.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How we use information',
    body: (
      <ul>
        <li>to create and secure your account, confirm your e-mail and let you reset your password;</li>
        <li>to verify a carrier by DOT number and set up its fleet account;</li>
        <li>to show fleet dashboards, driver and equipment records, and document expiry reminders;</li>
        <li>to bill subscriptions and send receipts and service notices;</li>
        <li>to answer support requests and improve the product;</li>
        <li>to meet legal obligations and prevent fraud and abuse.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'How we share information',
    body: (
      <>
        <p>We do not sell personal information. We share it only:</p>
        <ul>
          <li>within your own company: fleet administrators see their fleet's drivers and documents, and drivers see what their fleet shares with them;</li>
          <li>with service providers that run parts of the service for us (hosting, e-mail delivery, Stripe for payments), under contracts that limit their use of the data;</li>
          <li>with the ELD provider you connect, only as needed to read your fleet's data;</li>
          <li>when the law requires it, or to protect the rights and safety of our users and of {name}.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep information',
    body: (
      <p>
        We keep account, fleet and document data for as long as your account is active. After an account
        is closed we delete or anonymise its data within 90 days, except billing records, which we keep for
        seven years to meet US tax rules, and backups, which expire within 35 days. Server logs are kept for
        up to 90 days.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        Data is sent over TLS. Passwords are hashed with Argon2id; ELD API keys and similar secrets are
        encrypted at rest. Each fleet's data is kept apart from every other fleet's, and access by our own
        staff is limited to what support and operations need and is logged. No system is perfectly secure;
        if a breach affects your information we will notify you as the law requires.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights and choices',
    body: (
      <>
        <p>
          You can see and correct your account details in the product. You may also ask us for a copy of
          your personal information, to correct it, or to delete it, and you may opt out of non-essential
          e-mail at any time. Residents of states with privacy laws (such as California, Colorado, Virginia
          or Tennessee) have the rights those laws grant; we will not treat you differently for using them.
        </p>
        <p>Write to {support} and we will answer within 30 days.</p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: <p>{name} is a business service for adults and is not directed to children under 16.</p>,
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        If we change this policy in a way that matters, we will tell account holders by e-mail or in the
        product before the change takes effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        {name}, {headquarters}. Questions about privacy: {support}.
      </p>
    ),
  },
]

export default function PrivacyPolicyPage() {
  return (
    <LegalDocument
      title={texts.footer.privacyPolicy}
      updated="January 1, 2025"
      intro={
        <p>
          This policy explains what information {name} collects when carriers, drivers and freight brokers
          use our website and platform, how we use it, and the choices you have.
        </p>
      }
      sections={sections}
    />
  )
}
