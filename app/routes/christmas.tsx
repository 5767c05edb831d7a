import { CalendarDays, Check, Music, PoundSterling, Ticket } from 'lucide-react'
import { heroButtonClass, PageHero } from '~/components/content/page-hero'
import { SectionHeading } from '~/components/content/section-heading'
import { buttonVariants } from '~/components/ui/button-variants'
import { ARTWORK } from '~/lib/artwork'
import { seo } from '~/lib/seo'
import { telHref, useSiteData } from '~/lib/site-data'
import type { Route } from './+types/christmas'

export const handle = { heroUnderNav: true }

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    matches,
    title: 'Christmas Parties',
    description:
      'Christmas party nights on Tuesday 2nd and 9th December: a three-course festive menu for £45 per person, £10 deposit per person, with a DJ from 9:00pm to 11:30pm.',
    path: '/christmas',
    image: ARTWORK.heroChristmas.src,
  })
}

const FACTS = [
  { icon: CalendarDays, label: 'Party nights', value: 'Tuesday 2nd and 9th December' },
  { icon: PoundSterling, label: 'Price', value: '£45 per person' },
  { icon: Ticket, label: 'To reserve', value: '£10 deposit per person' },
  { icon: Music, label: 'DJ & dancing', value: 'DJ 9:00pm to 11:30pm' },
]

const INCLUDED = [
  'A three-course festive menu, with vegetarian and vegan choices',
  'A glass of mulled wine or prosecco on arrival',
  'Christmas crackers, hats and candlelit tables',
  'Our DJ playing the party classics from 9:00pm to 11:30pm',
  'The bar open late, with our winter cocktails',
  'Tables for groups of 6 to 40, in the dining room or the barn',
]

export default function ChristmasPage() {
  const { venue } = useSiteData()
  const phone = venue.venue_christmas_phone || venue.venue_phone

  return (
    <>
      <PageHero
        image={ARTWORK.heroChristmas}
        eyebrow="Christmas at the Wheatsheaf"
        title="Christmas Party Nights"
        lead="Gather your team, your family or your oldest friends for a festive feast by the fire, then dance it off with our DJ."
      >
        <a href={telHref(phone)} className={heroButtonClass}>
          Call {phone} to book
        </a>
      </PageHero>

      <section aria-labelledby="party-details" className="px-6 py-16 sm:py-20">
        <div className="mx-auto max-w-6xl">
          <SectionHeading id="party-details" eyebrow="The details" title="Two nights only">
            <p>Places are limited and the dates fill fast. Book early to avoid disappointment.</p>
          </SectionHeading>
          <dl className="mt-12 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            {FACTS.map(({ icon: Icon, label, value }) => (
              <div key={label} className="rounded-2xl border border-border bg-card p-4 text-center shadow-sm sm:p-6">
                <Icon className="mx-auto size-8 text-claret" aria-hidden="true" />
                <dt className="mt-3 text-xs font-semibold uppercase tracking-[0.2em] text-muted-foreground sm:text-sm">
                  {label}
                </dt>
                <dd className="mt-2 font-display text-lg font-semibold leading-snug text-primary sm:text-2xl">
                  {value}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="christmas-menu-title" className="bg-forest px-6 py-16 text-cream sm:py-20">
        <div className="mx-auto grid max-w-6xl items-start gap-12 lg:grid-cols-2">
          <div>
            <p className="text-sm font-semibold uppercase tracking-[0.25em] text-brass-light">What is included</p>
            <h2 id="christmas-menu-title" className="mt-2 text-3xl font-semibold sm:text-4xl">
              A proper festive feast
            </h2>
            <ul className="mt-8 space-y-4">
              {INCLUDED.map((item) => (
                <li key={item} className="flex gap-3 text-lg">
                  <Check className="mt-1 size-5 shrink-0 text-brass-light" aria-hidden="true" />
                  <span>{item}</span>
                </li>
              ))}
            </ul>
            <p className="mt-8 text-cream/85">
              A £10 deposit per person secures your table; the balance is paid on the night. Please let us know about
              any allergies or dietary needs when you book.
            </p>
          </div>
          <figure className="mx-auto w-full max-w-md">
            <img
              src={ARTWORK.christmasMenu.src}
              srcSet={ARTWORK.christmasMenu.srcSet}
              sizes="(min-width: 1024px) 28rem, 90vw"
              width={ARTWORK.christmasMenu.width}
              height={ARTWORK.christmasMenu.height}
              alt={ARTWORK.christmasMenu.alt}
              loading="lazy"
              decoding="async"
              className="h-auto w-full rotate-1 rounded-md shadow-2xl ring-1 ring-black/20"
            />
            <figcaption className="mt-4 text-center text-sm text-cream/80">Our Christmas party menu</figcaption>
          </figure>
        </div>
      </section>

      <section aria-labelledby="christmas-contact" className="px-6 py-16 text-center sm:py-20">
        <div className="mx-auto max-w-2xl">
          <h2 id="christmas-contact" className="text-3xl font-semibold text-primary sm:text-4xl">
            Book your Christmas party
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            Call our Christmas bookings line or email us with your date and the number in your party, and we will do the
            rest.
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <a href={telHref(phone)} className={buttonVariants({ size: 'lg' })}>
              Call {phone}
            </a>
            <a href={`mailto:${venue.venue_email}`} className={buttonVariants({ size: 'lg', variant: 'outline' })}>
              Email {venue.venue_email}
            </a>
          </div>
          <p className="mt-6 text-muted-foreground">
            {venue.venue_address.includes(venue.venue_name)
              ? venue.venue_address
              : `${venue.venue_name}, ${venue.venue_address}`}
          </p>
        </div>
      </section>
    </>
  )
}
