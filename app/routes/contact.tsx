import { Clock, Mail, MapPin, Phone, UtensilsCrossed } from 'lucide-react'
import { useEffect } from 'react'
import { Link } from 'react-router'
import { heroButtonClass, PageHero } from '~/components/content/page-hero'
import { RestaurantJsonLd } from '~/components/site/restaurant-json-ld'
import { buttonVariants } from '~/components/ui/button-variants'
import { trackEvent } from '~/lib/analytics'
import { ARTWORK } from '~/lib/artwork'
import { seo } from '~/lib/seo'
import { telHref, useSiteData } from '~/lib/site-data'
import type { Route } from './+types/contact'

export const handle = { heroUnderNav: true }

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    matches,
    title: 'Contact & Opening Hours',
    description:
      'How to find us, our phone number and email, opening hours and kitchen times. Book a table online or give us a call.',
    path: '/contact',
    image: ARTWORK.heroContact.src,
  })
}

export default function ContactPage() {
  const { venue, hours, kitchenNote } = useSiteData()
  const phones = [venue.venue_phone, venue.venue_phone_secondary].filter(Boolean)
  // The address setting usually starts with the venue's name; show it once, one part per line.
  const addressParts = venue.venue_address.split(',').map((part) => part.trim())
  const addressLines = [
    ...new Set(addressParts[0] === venue.venue_name ? addressParts : [venue.venue_name, ...addressParts]),
  ]

  useEffect(() => {
    trackEvent('Contact')
  }, [])

  return (
    <>
      <RestaurantJsonLd image={ARTWORK.heroContact.src} />
      <PageHero
        image={ARTWORK.heroContact}
        eyebrow="Find us"
        title="Contact Us"
        lead={`Pop in, pick up the phone or drop us a line. We would love to welcome you to ${venue.venue_name}.`}
      >
        <Link to="/booking" className={heroButtonClass}>
          Book a Table
        </Link>
      </PageHero>

      <section aria-label="Contact details and opening hours" className="px-6 py-16 sm:py-20">
        <div className="mx-auto grid max-w-6xl gap-8 lg:grid-cols-2">
          <div className="rounded-2xl border border-border bg-card p-8 shadow-sm">
            <h2 className="text-3xl font-semibold text-primary">Get in touch</h2>
            <dl className="mt-8 space-y-6 text-lg">
              <div className="flex gap-4">
                <dt>
                  <MapPin className="mt-1 size-6 text-oak" aria-hidden="true" />
                  <span className="sr-only">Address</span>
                </dt>
                <dd>
                  <address className="not-italic">
                    {addressLines.map((line, i) => (
                      <span key={line} className={i === 0 ? 'block font-semibold' : 'block'}>
                        {line}
                      </span>
                    ))}
                  </address>
                  {venue.venue_maps_url && (
                    <a
                      href={venue.venue_maps_url}
                      target="_blank"
                      rel="noreferrer"
                      className="mt-2 inline-block font-semibold text-primary underline underline-offset-4"
                    >
                      Get directions (opens Google Maps)
                    </a>
                  )}
                </dd>
              </div>
              <div className="flex gap-4">
                <dt>
                  <Phone className="mt-1 size-6 text-oak" aria-hidden="true" />
                  <span className="sr-only">Phone</span>
                </dt>
                <dd className="flex flex-col gap-1">
                  {phones.map((phone) => (
                    <a
                      key={phone}
                      href={telHref(phone)}
                      className="font-semibold text-primary underline underline-offset-4"
                    >
                      {phone}
                    </a>
                  ))}
                </dd>
              </div>
              <div className="flex gap-4">
                <dt>
                  <Mail className="mt-1 size-6 text-oak" aria-hidden="true" />
                  <span className="sr-only">Email</span>
                </dt>
                <dd>
                  <a
                    href={`mailto:${venue.venue_email}`}
                    className="break-all font-semibold text-primary underline underline-offset-4"
                  >
                    {venue.venue_email}
                  </a>
                </dd>
              </div>
            </dl>
            <div className="mt-10 flex flex-wrap gap-3">
              <Link to="/booking" className={buttonVariants({ size: 'lg' })}>
                Book a Table
              </Link>
              <a href={telHref(venue.venue_phone)} className={buttonVariants({ size: 'lg', variant: 'outline' })}>
                Call us
              </a>
            </div>
          </div>

          <div className="rounded-2xl bg-forest p-8 text-cream shadow-sm">
            <h2 className="flex items-center gap-3 text-3xl font-semibold">
              <Clock className="size-7 text-brass-light" aria-hidden="true" />
              Opening hours
            </h2>
            <dl className="mt-8 divide-y divide-cream/15">
              {hours.map((line) => (
                <div key={line.day} className="flex flex-wrap justify-between gap-x-6 gap-y-1 py-3 text-lg">
                  <dt className="font-semibold">{line.day}</dt>
                  <dd className={line.hours === 'Closed' ? 'text-cream/70' : undefined}>{line.hours}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-8 flex gap-3 rounded-xl bg-white/10 p-4 text-lg">
              <UtensilsCrossed className="mt-1 size-5 shrink-0 text-brass-light" aria-hidden="true" />
              <span>{kitchenNote}</span>
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="finding-us" className="bg-secondary/60 px-6 py-16">
        <div className="mx-auto grid max-w-6xl items-center gap-10 md:grid-cols-2">
          <img
            src={ARTWORK.venueExterior.src}
            srcSet={ARTWORK.venueExterior.srcSet}
            sizes="(min-width: 768px) 50vw, 100vw"
            width={ARTWORK.venueExterior.width}
            height={ARTWORK.venueExterior.height}
            alt={ARTWORK.venueExterior.alt}
            loading="lazy"
            decoding="async"
            className="h-auto w-full rounded-2xl shadow-md"
          />
          <div>
            <h2 id="finding-us" className="text-3xl font-semibold text-primary">
              Finding us
            </h2>
            <p className="mt-4 text-lg leading-relaxed">
              You will find us on the village green in {venue.venue_town}, with free parking behind the pub and a bike
              rack by the garden gate. Dogs are welcome in the bar and the garden.
            </p>
            <p className="mt-4 text-lg leading-relaxed text-muted-foreground">
              For parties of more than six, Christmas bookings or private hire, please call us so we can look after you
              properly.
            </p>
          </div>
        </div>
      </section>
    </>
  )
}
