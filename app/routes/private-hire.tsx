import { Check, Sparkles, Users } from 'lucide-react'
import { Link } from 'react-router'
import { Gallery } from '~/components/content/gallery'
import { heroButtonClass, PageHero } from '~/components/content/page-hero'
import { SectionHeading } from '~/components/content/section-heading'
import { buttonVariants } from '~/components/ui/button-variants'
import { ARTWORK } from '~/lib/artwork'
import { seo } from '~/lib/seo'
import type { Route } from './+types/private-hire'

export const handle = { heroUnderNav: true }

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    matches,
    title: 'Private Garden Hire',
    description:
      'Hire our pub garden for birthdays, weddings, christenings and summer parties: up to 120 guests under festoon lights, with a private bar and food from our kitchen.',
    path: '/private-hire',
    image: ARTWORK.heroPrivateHire.src,
  })
}

const INCLUDED = [
  'Exclusive use of the garden, with picnic tables, parasols and heaters',
  'Festoon lighting strung through the old trees',
  'Your own bar with a dedicated host, or a bar tab set up your way',
  'Buffets, hog roasts and barbecues from our kitchen',
  'A sound system for speeches and playlists, and room for a band or DJ',
  'The barn and dining room as a cosy back-up if the weather turns',
]

const IDEAL_FOR = [
  'Birthdays and anniversaries',
  'Wedding receptions and engagements',
  'Christenings and family gatherings',
  'Summer parties and work socials',
]

const GALLERY = [ARTWORK.garden1, ARTWORK.garden2, ARTWORK.garden3, ARTWORK.garden4]

export default function PrivateHirePage() {
  return (
    <>
      <PageHero
        image={ARTWORK.heroPrivateHire}
        eyebrow="Private Hire"
        title="Hire the Garden"
        lead="A walled country garden under the old oaks, strung with lights and all yours for the day."
      >
        <Link to="/contact" className={heroButtonClass}>
          Enquire about a date
        </Link>
      </PageHero>

      <section aria-labelledby="garden-title" className="px-6 py-16 sm:py-20">
        <div className="mx-auto grid max-w-6xl gap-12 lg:grid-cols-[1.2fr_1fr]">
          <div>
            <SectionHeading id="garden-title" eyebrow="The garden" title="Your party, our garden" align="left" />
            <p className="mt-6 text-lg leading-relaxed">
              Tucked behind the inn, our garden is a sheltered lawn edged with flower borders and shaded by old trees.
              As the sun goes down the festoon lights come on and the whole place glows, which is exactly when the best
              parties get going.
            </p>
            <p className="mt-4 text-lg leading-relaxed text-muted-foreground">
              We host one private party at a time, so you will have the garden, a bar and our team to yourselves. Tell
              us your date, your numbers and your ideas, and we will put together a plan and a price.
            </p>
            <div className="mt-8 flex flex-wrap gap-4">
              <p className="flex items-center gap-3 rounded-xl bg-secondary px-5 py-4 text-lg font-semibold">
                <Users className="size-6 text-primary" aria-hidden="true" />
                Up to 120 guests standing, 80 seated
              </p>
            </div>
          </div>
          <div className="rounded-2xl border border-border bg-card p-8 shadow-sm">
            <h2 className="text-2xl font-semibold text-primary">What is included</h2>
            <ul className="mt-6 space-y-3">
              {INCLUDED.map((item) => (
                <li key={item} className="flex gap-3">
                  <Check className="mt-1 size-5 shrink-0 text-primary" aria-hidden="true" />
                  <span>{item}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section aria-labelledby="ideal-title" className="bg-forest px-6 py-14 text-cream">
        <div className="mx-auto max-w-6xl">
          <h2 id="ideal-title" className="text-center text-3xl font-semibold">
            Ideal for
          </h2>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {IDEAL_FOR.map((item) => (
              <li key={item} className="flex items-center gap-3 rounded-xl bg-white/10 px-5 py-4 text-lg">
                <Sparkles className="size-5 shrink-0 text-brass-light" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="garden-gallery" className="px-6 py-16 sm:py-20">
        <div className="mx-auto max-w-6xl">
          <SectionHeading id="garden-gallery" eyebrow="Take a look" title="The garden through the day" />
          <Gallery images={GALLERY} className="mt-10" />
          <div className="mt-12 text-center">
            <p className="text-lg text-muted-foreground">Dates for next summer are already being booked.</p>
            <Link to="/contact" className={buttonVariants({ size: 'lg', className: 'mt-6' })}>
              Contact us about private hire
            </Link>
          </div>
        </div>
      </section>
    </>
  )
}
