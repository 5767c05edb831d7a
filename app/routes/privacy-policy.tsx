import { PolicyPage, VenueEmailLink, VenuePhoneLink } from '~/components/site/policy-page'
import { seo } from '~/lib/seo'
import { useSiteData } from '~/lib/site-data'
import type { Route } from './+types/privacy-policy'

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    matches,
    title: 'Privacy Policy',
    description: 'How we collect, use and protect your personal data when you book a table, send an enquiry or visit our website.',
    path: '/privacy-policy',
  })
}

/** How long guest details are kept after the last visit: the owner's setting (issue 37), said as it is. */
export async function loader({ context }: Route.LoaderArgs) {
  return { retentionMonths: await context.services.guests.retentionMonths() }
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  const { venue } = useSiteData()
  const months = loaderData.retentionMonths
  return (
    <PolicyPage
      title="Privacy Policy"
      intro="We only ask for the details we need to look after your booking, and we never sell them. This policy explains what we collect, why, and the choices you have."
    >
      <h2>Who we are</h2>
      <p>
        {venue.venue_name} ({venue.venue_address}) is the data controller for the personal data described in this
        policy. We handle it in line with the UK General Data Protection Regulation (UK GDPR) and the Data Protection
        Act 2018. For any privacy question, email <VenueEmailLink /> or call <VenuePhoneLink />.
      </p>

      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>Table bookings:</strong> your name, email address, phone number, the date, time and size of your
          party, whether you are joining us for food and drinks or drinks only, and any special requests or dietary
          requirements you tell us about.
        </li>
        <li>
          <strong>The waitlist:</strong> when you join the waitlist for a full date, your name, email address, phone
          number, party size and the times you could come, and whether we offered you a table and you booked it.
        </li>
        <li>
          <strong>Event enquiries:</strong> your name, email address, phone number, party size, the event you asked
          about and any message you send.
        </li>
        <li>
          <strong>Marketing preferences:</strong> whether you asked to receive our special offers and updates, and when.
        </li>
        <li>
          <strong>Website use:</strong> the essential information our server needs to deliver pages securely (such as
          your IP address in our security logs) and, only if you choose &lsquo;Accept All&rsquo;, advertising cookies
          described in our <a href="/cookies-policy">Cookies Policy</a>.
        </li>
      </ul>
      <p>
        Dietary requirements can reveal information about your health or beliefs. We use them only to prepare your
        food safely, and only because you chose to tell us.
      </p>

      <h2>Why we use it, and our lawful basis</h2>
      <ul>
        <li>
          <strong>To take and manage your booking</strong> (confirming it, reminding you, contacting you if something
          changes): necessary to perform our agreement with you.
        </li>
        <li>
          <strong>To answer enquiries</strong> about events, Christmas parties and private hire: our legitimate interest
          in replying to people who contact us, and steps you asked us to take before an agreement.
        </li>
        <li>
          <strong>To send special offers and updates</strong>: your consent, or as a past guest the &lsquo;soft
          opt-in&rsquo; for similar offers from us. Every message has an unsubscribe link, and you can ask us to stop at
          any time.
        </li>
        <li>
          <strong>To keep our website and systems secure</strong>: our legitimate interest in protecting our guests and
          business.
        </li>
        <li>
          <strong>To meet legal duties</strong>, such as licensing and accounting records: legal obligation.
        </li>
      </ul>

      <h2>Deposits and payments</h2>
      <p>
        Large parties may need to pay a deposit. Card payments are handled by our payment provider; we never see or
        store your full card number.
      </p>

      <h2>Who we share it with</h2>
      <p>
        We do not sell your data. We share it only with the companies that help us run the pub, under contracts that
        require them to protect it: our website and email hosting providers, our payment provider, and, if you accept
        advertising cookies, Meta Platforms for measuring our adverts. We will share information with the police or
        licensing authority where the law requires it.
      </p>

      <h2>How long we keep it</h2>
      <ul>
        <li>Booking and enquiry records: {months} months after your last visit, then anonymised.</li>
        <li>Marketing preferences: until you unsubscribe, plus a short suppression record so we do not contact you again.</li>
        <li>Financial records: 6 years, as HMRC requires.</li>
        <li>Security logs: up to 30 days.</li>
      </ul>

      <h2 id="your-data">Your data</h2>
      <p>
        When you book a table or send an enquiry we keep one record for you, found by your email address: your name and
        phone number (the latest you gave us), your bookings and enquiries, the emails we sent you, and, if our staff
        add them, notes such as allergies or a favourite table, so that we can look after you on your next visit.
        When you tick the box for offers we record that you did, when, where and the exact words you were shown, and
        when you unsubscribe we record that too.
      </p>
      <p>
        We keep these details for {months} months after your last visit. After that your name, email, phone, notes and
        requests are removed automatically; we keep only the date, time and size of past bookings, with no name, for
        our own figures.
      </p>
      <p>
        To ask for a copy of everything we hold about you, or for it to be erased sooner, email <VenueEmailLink /> from
        the address you booked with. We will answer within one month, free of charge. Erasing your details cannot be
        undone, and any booking still to come is kept under &lsquo;Erased guest&rsquo; with no way to contact you.
      </p>

      <h2>Your rights</h2>
      <p>
        You can ask for a copy of your data, ask us to correct or delete it, object to or restrict how we use it, ask
        for it in a portable format, and withdraw consent at any time. Email <VenueEmailLink /> and we will reply within
        one month. There is no charge.
      </p>

      <h2>Complaints</h2>
      <p>
        If you are unhappy with how we have handled your data, please tell us first so we can put it right. You also
        have the right to complain to the Information Commissioner&rsquo;s Office (ICO), the UK&rsquo;s data protection
        regulator: <a href="https://ico.org.uk/make-a-complaint/">ico.org.uk/make-a-complaint</a> or 0303 123 1113.
      </p>

      <h2>Changes to this policy</h2>
      <p>We will update this page if the way we use personal data changes. The date at the top shows the latest version.</p>
    </PolicyPage>
  )
}
