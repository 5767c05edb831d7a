import { useNonce } from '~/lib/nonce'
import { absoluteUrl } from '~/lib/seo'
import { useSiteData, type SiteData } from '~/lib/site-data'

const POSTCODE_RE = /\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b/i

/** schema.org Restaurant for the venue, opening hours from the same source as the footer. */
export function restaurantSchema(site: Pick<SiteData, 'venue' | 'openingHoursSpec'>, image?: string) {
  const { venue } = site
  const postalCode = POSTCODE_RE.exec(venue.venue_address)?.[0]
  const street = venue.venue_address
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && part !== venue.venue_name && part !== venue.venue_town && part !== postalCode)
  return {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    name: venue.venue_name,
    url: absoluteUrl(venue.site_url, '/'),
    telephone: venue.venue_phone,
    email: venue.venue_email,
    ...(image ? { image: absoluteUrl(venue.site_url, image) } : {}),
    servesCuisine: 'British',
    priceRange: '££',
    acceptsReservations: true,
    hasMap: venue.venue_maps_url,
    address: {
      '@type': 'PostalAddress',
      streetAddress: street.join(', '),
      addressLocality: venue.venue_town,
      ...(postalCode ? { postalCode } : {}),
      addressCountry: 'GB',
    },
    openingHoursSpecification: site.openingHoursSpec.map((spec) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: spec.dayOfWeek,
      opens: spec.opens,
      closes: spec.closes,
    })),
  }
}

/** The venue's JSON-LD `Restaurant` block (home and contact pages). */
export function RestaurantJsonLd({ image }: { image?: string }) {
  const site = useSiteData()
  const nonce = useNonce()
  // '<' escaped so venue text can never close the script element.
  const json = JSON.stringify(restaurantSchema(site, image)).replace(/</g, '\\u003c')
  return (
    <script
      type="application/ld+json"
      nonce={nonce || undefined}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: json }}
    />
  )
}
