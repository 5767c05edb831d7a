import { useEffect } from 'react'
import { Link } from 'react-router'
import { heroButtonClass, PageHero } from '~/components/content/page-hero'
import { SectionHeading } from '~/components/content/section-heading'
import { MenuCard } from '~/components/menu/menu-card'
import { WholeEnd } from '~/components/ui/whole-end'
import type { MenuSectionView } from '~/components/menu/menu-types'
import { trackEvent } from '~/lib/analytics'
import { ARTWORK, artworkForSrc } from '~/lib/artwork'
import { seo } from '~/lib/seo'
import { telHref, useSiteData } from '~/lib/site-data'
import type { Route } from './+types/menu'

export const handle = { heroUnderNav: true }

export async function loader({ context }: Route.LoaderArgs) {
  const rows = await context.services.menu.publicSections()
  const backgrounds = rows.flatMap((s) => (s.backgroundImage ? [s.backgroundImage] : []))
  const described = await context.services.media.describe(backgrounds)
  const srcSetOf = (url: string | null) => (url ? (described[url]?.srcSet ?? artworkForSrc(url)?.srcSet ?? null) : null)
  const sections: MenuSectionView[] = rows.map((s) => ({
    id: s.id,
    name: s.name,
    category: s.category,
    description: s.description,
    pdfUrl: s.pdfUrl,
    imageUrls: s.imageUrls,
    backgroundImage: s.backgroundImage,
    backgroundSrcSet: srcSetOf(s.backgroundImage),
    updatedAt: s.updatedAt.toISOString(),
  }))
  return { sections }
}

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    matches,
    title: 'Menus',
    description:
      'Our food, vegan, Sunday lunch and dessert menus: seasonal pub classics cooked in our own kitchen, real ales and a warm welcome.',
    path: '/menu',
    image: ARTWORK.heroMenu.src,
  })
}

export default function MenuPage({ loaderData }: Route.ComponentProps) {
  const { sections } = loaderData
  const { venue, kitchenNote } = useSiteData()

  useEffect(() => {
    trackEvent('ViewContent', { content_name: 'Menu', content_category: 'menu' })
  }, [])

  return (
    <>
      <PageHero
        image={ARTWORK.heroMenu}
        eyebrow="Food & Drink"
        title="Our Menus"
        lead="Proper pub food, cooked from scratch in our kitchen with produce from Hertfordshire farms, from a bowl of soup by the fire to a Sunday roast with all the trimmings."
      >
        <Link to="/booking" className={heroButtonClass}>
          Book a Table
        </Link>
      </PageHero>

      <section aria-labelledby="menus-title" className="px-6 py-16 sm:py-20">
        <div className="mx-auto max-w-6xl">
          <SectionHeading id="menus-title" eyebrow="Choose a menu" title="What would you like to see?">
            <p>Tap a menu to open it full screen. {kitchenNote}</p>
          </SectionHeading>

          {sections.length > 0 ? (
            <ul className="mt-12 flex flex-wrap justify-center gap-6" data-whole="">
              {sections.map((section) => (
                <li key={section.id} className="w-full sm:w-[calc(50%-0.75rem)] lg:w-[calc((100%-3rem)/3)]">
                  <MenuCard section={section} />
                </li>
              ))}
              <WholeEnd as="li" />
            </ul>
          ) : (
            <div className="mx-auto mt-12 max-w-xl rounded-2xl border border-border bg-card p-8 text-center shadow-sm">
              <h3 className="text-2xl font-semibold text-primary">Our menus are being refreshed</h3>
              <p className="mt-3 text-muted-foreground">
                We are updating our menus for the season. Call us on{' '}
                <a
                  className="font-semibold text-primary underline underline-offset-4"
                  href={telHref(venue.venue_phone)}
                >
                  {venue.venue_phone}
                </a>{' '}
                and we will happily tell you what is cooking today.
              </p>
            </div>
          )}
        </div>
      </section>

      <section aria-labelledby="good-to-know" className="bg-secondary/60 px-6 py-14">
        <div className="mx-auto grid max-w-6xl gap-8 md:grid-cols-3">
          <div>
            <h2 id="good-to-know" className="text-2xl font-semibold text-primary">
              Allergies &amp; dietary needs
            </h2>
            <p className="mt-3 text-muted-foreground">
              Please tell your server about any allergies before you order. Our full allergen information is available
              at the bar, and most dishes can be adapted.
            </p>
          </div>
          <div>
            <h2 className="text-2xl font-semibold text-primary">Kitchen hours</h2>
            <p className="mt-3 text-muted-foreground">{kitchenNote}</p>
          </div>
          <div>
            <h2 className="text-2xl font-semibold text-primary">Larger groups</h2>
            <p className="mt-3 text-muted-foreground">
              Coming with a crowd? Book ahead and we will save you the best table, or ask about{' '}
              <Link to="/private-hire" className="font-semibold text-primary underline underline-offset-4">
                hiring the garden
              </Link>
              .
            </p>
          </div>
        </div>
      </section>
    </>
  )
}
