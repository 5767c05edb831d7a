import { PolicyPage, VenueEmailLink, VenuePhoneLink } from '~/components/site/policy-page'
import { seo } from '~/lib/seo'
import { useSiteData } from '~/lib/site-data'
import type { Route } from './+types/accessibility'

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    matches,
    title: 'Accessibility',
    description: 'How we make our website and our pub welcoming and usable for everyone, and how to tell us when we fall short.',
    path: '/accessibility',
  })
}

export default function Accessibility() {
  const { venue } = useSiteData()
  return (
    <PolicyPage
      title="Accessibility"
      intro="Everyone should be able to find our menus, book a table and enjoy an evening with us. Here is what we do, what we know we can do better, and how to reach us."
    >
      <h2>Our website</h2>
      <p>
        We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA. In practice this means you can:
      </p>
      <ul>
        <li>use every page, menu and form with a keyboard alone, with a visible focus outline and a &lsquo;Skip to main content&rsquo; link;</li>
        <li>use a screen reader: images have text descriptions, and forms have labels and spoken error messages;</li>
        <li>zoom text up to 200% and use the site on a phone in either orientation;</li>
        <li>read our text against strong colour contrast;</li>
        <li>pause the home page slideshow, which also stays still if your device asks for reduced motion;</li>
        <li>read every page, including our opening hours and policies, even with JavaScript switched off.</li>
      </ul>

      <h2>Known limitations</h2>
      <p>
        Some of our food menus are scanned or PDF documents that a screen reader may not read well. If you would like a
        menu read to you, in large print, or sent as plain text, just ask: call <VenuePhoneLink /> or email{' '}
        <VenueEmailLink />.
      </p>

      <h2>Visiting {venue.venue_name}</h2>
      <p>
        Our building is old and full of character, which also means uneven floors in places. Please call ahead and tell
        us what would help: we will gladly reserve a table that is easy to reach, close to the door or in a quieter
        corner. Assistance dogs are always welcome, and our team are happy to read the menu aloud or describe dishes and
        allergens.
      </p>

      <h2>Feedback and contact</h2>
      <p>
        If anything on our website or at the pub makes things harder for you, please tell us. Email <VenueEmailLink />{' '}
        or call <VenuePhoneLink />. We reply to accessibility feedback within 2 working days, and we will tell you what
        we are doing about it.
      </p>

      <h2>Enforcement</h2>
      <p>
        If you are not happy with our response, the Equality Advisory and Support Service (EASS) can advise you on your
        rights under the Equality Act 2010.
      </p>
    </PolicyPage>
  )
}
