import { WholeEnd } from '~/components/ui/whole-end'
import { PolicyPage, VenueEmailLink } from '~/components/site/policy-page'
import { CONSENT_KEY } from '~/lib/consent'
import { seo } from '~/lib/seo'
import type { Route } from './+types/cookies-policy'

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    matches,
    title: 'Cookies Policy',
    description: 'Which cookies our website uses, how long they last, and how to accept, reject or change your choice.',
    path: '/cookies-policy',
  })
}

const COOKIE_TYPES = [
  {
    type: 'Essential (session)',
    purpose: 'Keep the website secure and working, for example keeping staff signed in to the back office.',
    lifetime: 'Session: deleted when you close your browser',
    consent: 'Not needed',
  },
  {
    type: 'Preferences',
    purpose: `Remember your cookie choice (stored in your browser as "${CONSENT_KEY}") so we do not ask on every page.`,
    lifetime: '1 year',
    consent: 'Not needed',
  },
  {
    type: 'Analytics and advertising',
    purpose: 'The Meta Pixel helps us measure which adverts lead to bookings and show our offers to people likely to enjoy them.',
    lifetime: 'Up to 2 years',
    consent: 'Only after you choose Accept All',
  },
] as const

export default function CookiesPolicy() {
  return (
    <PolicyPage
      title="Cookies Policy"
      intro="Cookies are small files a website stores in your browser. We keep them to a minimum, and nothing beyond the essentials is set unless you say yes."
    >
      <h2>The cookies we use</h2>
      {/* On a phone the table scrolls sideways in its box: a named region that takes focus, so it can be scrolled from the keyboard. */}
      <div
        className="not-prose -mx-1 mb-6 overflow-x-auto"
        role="region"
        aria-label="The cookies we use"
        tabIndex={0}
        data-whole=""
      >
        <table className="w-full min-w-[36rem] border-collapse text-left text-[0.95rem]">
          <caption className="sr-only">Cookie types, purpose, lifetime and consent</caption>
          <thead>
            <tr className="border-b-2 border-primary">
              <th scope="col" className="px-2 py-2">
                Type
              </th>
              <th scope="col" className="px-2 py-2">
                What it does
              </th>
              <th scope="col" className="px-2 py-2">
                How long it lasts
              </th>
              <th scope="col" className="px-2 py-2">
                Your consent
              </th>
            </tr>
          </thead>
          <tbody>
            {COOKIE_TYPES.map((row) => (
              <tr key={row.type} className="border-b border-border align-top">
                <th scope="row" className="px-2 py-3 font-semibold">
                  {row.type}
                </th>
                <td className="px-2 py-3">{row.purpose}</td>
                <td className="px-2 py-3">{row.lifetime}</td>
                <td className="px-2 py-3">{row.consent}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <WholeEnd />
      </div>

      <h2>Your choice</h2>
      <p>
        When you first visit, our cookie banner asks for your choice. <strong>Accept All</strong> allows the analytics
        and advertising cookies. <strong>Reject</strong>, or closing the banner, keeps them switched off; the website
        works exactly the same either way. Our staff login pages never show the banner and never load advertising
        cookies.
      </p>
      <p>
        To change your mind, clear this website&rsquo;s cookies and site data in your browser settings. The banner will
        appear again on your next visit, and you can choose again.
      </p>

      <h2>Third parties</h2>
      <p>
        If you accept, Meta Platforms Ireland Ltd may receive information about your visit, such as the pages you viewed
        and whether you made a booking (the party size and an estimated value, never your name or contact details).
        Meta&rsquo;s own privacy policy explains how it uses that information. We do not use any other third-party
        tracking, and our fonts and images are all served from our own website.
      </p>

      <h2>The law</h2>
      <p>
        We follow the Privacy and Electronic Communications Regulations (PECR) and the UK GDPR, as explained by the
        Information Commissioner&rsquo;s Office. See our <a href="/privacy-policy">Privacy Policy</a> for how we handle
        personal data, or email <VenueEmailLink /> with any question.
      </p>
    </PolicyPage>
  )
}
