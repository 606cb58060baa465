import { Link } from 'react-router'
import { mailto, routes } from '@/lib/routes'
import { texts } from '@/lib/texts'
import { LegalDocument, type LegalSection } from './legal-document'

const { name, supportEmail } = texts.brand
const support = (
  <a href={mailto(supportEmail)} className="text-primary underline">
    {supportEmail}
  </a>
)

const sections: LegalSection[] = [
  {
    id: 'the-service',
    title: 'The service',
    body: (
      <p>
        {name} provides web software for motor carriers, their drivers and freight brokers: fleet
        registration by USDOT number, fleet dashboards fed by electronic logging device (ELD) providers,
        document management, a driver portal and a truck board. Features may change as the product develops.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Accounts',
    body: (
      <ul>
        <li>You must be at least 18 and able to bind the company you register.</li>
        <li>Information you give us, including your DOT number and contact details, must be accurate.</li>
        <li>Keep your password secret; you are responsible for activity under your account.</li>
        <li>A fleet account is activated after our team reviews the application.</li>
      </ul>
    ),
  },
  {
    id: 'subscriptions',
    title: 'Subscriptions and payment',
    body: (
      <>
        <p>
          Fleet subscriptions are billed monthly in advance through Stripe, at the rate for your fleet size
          shown at signup. You authorise us and Stripe to charge your payment method each month until you
          cancel.
        </p>
        <p>
          You can cancel at any time; the subscription then ends at the close of the current billing period
          and is not refunded pro rata unless the law requires. We will give at least 30 days' notice of a
          price change. Custom implementation work is quoted and billed separately.
        </p>
      </>
    ),
  },
  {
    id: 'your-data',
    title: 'Your data',
    body: (
      <>
        <p>
          You keep all rights to the data you and your ELD provider put into {name}. You give us the rights
          we need to host, process and show it to operate the service for you. How we handle personal
          information is described in our{' '}
          <Link to={routes.privacyPolicy} className="text-primary underline">
            {texts.footer.privacyPolicy}
          </Link>
          .
        </p>
        <p>
          You confirm you are allowed to connect your ELD account and to upload the documents you upload.
          You can export or delete your data while your account is open.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <ul>
        <li>Do not use the service to break the law, including FMCSA and hours-of-service rules.</li>
        <li>Do not try to reach another company's data, probe or disrupt our systems, or resell access.</li>
        <li>Do not upload malware or content you have no right to share.</li>
      </ul>
    ),
  },
  {
    id: 'compliance',
    title: 'Compliance remains yours',
    body: (
      <p>
        {name} helps you track documents and equipment but is not a substitute for your own compliance
        program. You remain responsible for your operating authority, insurance, driver qualification files
        and hours-of-service records. Carrier data from FMCSA is shown as published and may be out of date.
      </p>
    ),
  },
  {
    id: 'availability',
    title: 'Availability and changes',
    body: (
      <p>
        We work to keep the service available and secure, but it is provided "as is" and may be interrupted
        for maintenance or by events outside our control, including outages at ELD providers or Stripe.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    body: (
      <p>
        To the extent the law allows, {name} is not liable for indirect, incidental or consequential
        damages, or lost profits or data, and our total liability for any claim is limited to the fees you
        paid us in the 12 months before the claim arose.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Suspension and termination',
    body: (
      <p>
        You may close your account at any time. We may suspend or close an account that breaks these terms
        or is not paid, after notice where practical. On closing we delete your data as described in the
        privacy policy.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Governing law',
    body: (
      <p>
        These terms are governed by the laws of the State of Tennessee, USA, without regard to its conflict
        of laws rules. The state and federal courts located in Davidson County, Tennessee have exclusive
        jurisdiction over any dispute.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: <p>Questions about these terms: {support}.</p>,
  },
]

export default function TermsOfServicePage() {
  return (
    <LegalDocument
      title={texts.footer.termsOfService}
      updated="January 1, 2025"
      intro={
        <p>
          These terms are an agreement between {name} and the company or person that uses our platform. By
          creating an account or using the service you agree to them.
        </p>
      }
      sections={sections}
    />
  )
}
