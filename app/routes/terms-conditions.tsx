import { GUEST_CHANGE_CUTOFF_HOURS } from '#common/manage-booking'
import { PolicyPage, VenueEmailLink, VenuePhoneLink } from '~/components/site/policy-page'
import { seo } from '~/lib/seo'
import { useSiteData } from '~/lib/site-data'
import type { Route } from './+types/terms-conditions'

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    matches,
    title: 'Terms & Conditions',
    description: 'Booking terms for tables, large parties, events and Christmas parties: deposits, confirmations, cancellations and house rules.',
    path: '/terms-conditions',
  })
}

export default function TermsConditions() {
  const { venue } = useSiteData()
  return (
    <PolicyPage
      title="Terms & Conditions"
      intro="The small print for booking a table, an event or a party with us. It is written to be fair to everyone, including the guests who would love your table if you cannot make it."
    >
      <h2>About these terms</h2>
      <p>
        These terms apply to bookings made with {venue.venue_name}, {venue.venue_address}, whether online, by phone or
        in person. By making a booking you agree to them. Nothing here affects your statutory rights.
      </p>

      <h2>Table bookings</h2>
      <ul>
        <li>
          Bookings for up to 6 guests are usually confirmed straight away. Bookings for more than 6 guests are reviewed
          by our team and may be confirmed within 24 hours; we will contact you by phone or email.
        </li>
        <li>We hold tables for 15 minutes after the booked time. If you are running late, please call us.</li>
        <li>Tables are normally reserved for 2 hours so that we can welcome later guests.</li>
        <li>
          Our kitchen closes at 9:00 PM daily and 6:00 PM on Sundays. Please book early enough to order food before the
          kitchen closes.
        </li>
      </ul>

      <h2>Large parties and deposits</h2>
      <p>
        Large parties may need to pay a deposit to secure their booking: for parties of 8 or more we may ask for a
        deposit per person, which we will confirm with you before the booking is final. Deposits are taken off your
        final bill. Christmas party nights carry their own deposit, shown on the Christmas page.
      </p>

      <h2>Changes and cancellations</h2>
      <ul>
        <li>
          You can change or cancel your booking yourself with the link in your confirmation email, up to{' '}
          {GUEST_CHANGE_CUTOFF_HOURS} hours before your table time. After that, or if you prefer, call us on <VenuePhoneLink />.
        </li>
        <li>
          Deposits are refunded in full if you cancel at least 48 hours before the booking. Later cancellations or no
          shows may lose the deposit, because we will have turned other guests away.
        </li>
        <li>
          If we have to cancel your booking (for example, because of an emergency closure), we will tell you as soon as
          we can and refund any deposit in full.
        </li>
      </ul>

      <h2>Events and private hire</h2>
      <p>
        Event details, prices and timings are set out on each event&rsquo;s page. Private hire of our garden is agreed
        individually, and the terms we send you with your quote apply alongside these.
      </p>

      <h2>Prices, allergies and payment</h2>
      <ul>
        <li>All prices include VAT. Menus and prices may change with the seasons.</li>
        <li>
          Please tell us about any allergy or intolerance when you book and again when you order. Our kitchen handles all
          14 major allergens, so we cannot guarantee that any dish is completely free from traces.
        </li>
        <li>
          If you wish to query or dispute a charge or deposit, please contact us within 30 days of the date of the
          charge at <VenueEmailLink /> and we will look into it promptly.
        </li>
      </ul>

      <h2>Age and responsible drinking</h2>
      <p>
        We operate a Challenge 25 policy: if you look under 25, we will ask for photo ID with a hologram (a passport,
        photo driving licence or PASS card) before serving alcohol. We do not serve anyone under 18, or anyone buying
        for them, and we may refuse service to anyone who appears intoxicated. Children are welcome with an adult until
        9:00 PM.
      </p>

      <h2>House rules</h2>
      <p>
        We want everyone to enjoy their visit. We may refuse entry or ask guests to leave if their behaviour upsets
        other guests or our team. Well-behaved dogs are welcome in the bar and garden.
      </p>

      <h2>Questions</h2>
      <p>
        Questions about these terms? Email <VenueEmailLink /> or call <VenuePhoneLink />. These terms are governed by the
        law of England and Wales.
      </p>
    </PolicyPage>
  )
}
