import { Clock, Martini } from 'lucide-react'
import { Link } from 'react-router'
import { Gallery, type GalleryImage } from '~/components/content/gallery'
import { PageHero } from '~/components/content/page-hero'
import { SectionHeading } from '~/components/content/section-heading'
import { buttonVariants } from '~/components/ui/button-variants'
import { imageSource } from '~/components/ui/responsive-image'
import { ARTWORK } from '~/lib/artwork'
import { seo } from '~/lib/seo'
import type { Route } from './+types/cocktails'

export const handle = { heroUnderNav: true }

const DEFAULT_GALLERY = [ARTWORK.cocktails1, ARTWORK.cocktails2, ARTWORK.cocktails3, ARTWORK.cocktails4]
const GALLERY_SIZE = 4

export async function loader({ context }: Route.LoaderArgs) {
  const content = await context.services.cocktails.pageContent()
  const configured = content.galleryImages.slice(0, GALLERY_SIZE)
  const media = await context.services.media.describe(configured)
  return { content, configured, media }
}

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    matches,
    title: 'Cocktails',
    description:
      'Classic and house cocktails shaken at our bar, with 2 for £14 Wednesday to Saturday from 6pm to 9pm. Take a jug into the garden or pull up a stool.',
    path: '/cocktails',
    image: ARTWORK.heroCocktails.src,
  })
}

export default function CocktailsPage({ loaderData }: Route.ComponentProps) {
  const { content, configured, media } = loaderData
  // Staff pictures first (a bare file name is an upload), the house artwork fills any empty frame.
  const gallery: GalleryImage[] = DEFAULT_GALLERY.map((art, i) =>
    configured[i] ? { ...imageSource(configured[i], media), alt: `Cocktails at the bar, picture ${i + 1}` } : art,
  )

  return (
    <>
      <PageHero
        image={ARTWORK.heroCocktails}
        eyebrow="The Bar"
        title="Cocktails"
        lead="Shaken, stirred and poured with care, from a sharp martini to a long summer spritz in the garden."
      />

      <section aria-labelledby="cocktails-intro" className="px-6 py-16 sm:py-20">
        <div className="mx-auto grid max-w-6xl items-center gap-12 lg:grid-cols-[1.1fr_1fr]">
          <div>
            <SectionHeading id="cocktails-intro" eyebrow="Mixed at the bar" title="Raise a glass" align="left" />
            <p className="mt-6 whitespace-pre-line text-lg leading-relaxed">{content.introText}</p>
            {content.descriptionText && (
              <p className="mt-4 whitespace-pre-line text-lg leading-relaxed text-muted-foreground">
                {content.descriptionText}
              </p>
            )}
          </div>

          <aside
            aria-labelledby="offer-title"
            className="relative overflow-hidden rounded-2xl bg-forest p-8 text-cream shadow-xl ring-1 ring-brass/40 sm:p-10"
          >
            <div aria-hidden="true" className="absolute -right-10 -top-10 size-40 rounded-full bg-brass/20" />
            <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-[0.25em] text-brass-light">
              <Martini className="size-5" aria-hidden="true" />
              Special offer
            </p>
            <h2 id="offer-title" className="mt-3 text-5xl font-semibold text-cream sm:text-6xl">
              {content.specialOfferTitle}
            </h2>
            {content.specialOfferDetails && <p className="mt-3 text-xl text-cream/90">{content.specialOfferDetails}</p>}
            {content.specialOfferTimes && (
              <p className="mt-6 flex items-start gap-2 border-t border-cream/20 pt-5 text-lg font-semibold">
                <Clock className="mt-1 size-5 shrink-0 text-brass-light" aria-hidden="true" />
                {content.specialOfferTimes}
              </p>
            )}
          </aside>
        </div>
      </section>

      <section aria-labelledby="gallery-title" className="bg-secondary/60 px-6 py-16 sm:py-20">
        <div className="mx-auto max-w-6xl">
          <SectionHeading id="gallery-title" eyebrow="From our bar" title="A few favourites" />
          <Gallery images={gallery} className="mt-10" />
        </div>
      </section>

      <section aria-labelledby="cocktails-cta" className="px-6 py-16 text-center">
        <div className="mx-auto max-w-2xl">
          <h2 id="cocktails-cta" className="text-3xl font-semibold text-primary sm:text-4xl">
            Planning a celebration?
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            Birthday, hen party or a catch-up with friends: tell us what you have in mind and we will get a jug or two
            ready.
          </p>
          <Link to="/contact" className={buttonVariants({ size: 'lg', className: 'mt-8' })}>
            Contact Us
          </Link>
        </div>
      </section>
    </>
  )
}
