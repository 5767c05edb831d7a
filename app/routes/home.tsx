import { Link } from 'react-router'
import { HeroSlider } from '~/components/home/hero-slider'
import { defaultHeroSlides, toSlideViews } from '~/components/home/hero-slides'
import { HomeTiles } from '~/components/home/home-tiles'
import { RestaurantJsonLd } from '~/components/site/restaurant-json-ld'
import { artworkForSrc } from '~/lib/artwork'
import { seo, siteDataFromMatches } from '~/lib/seo'
import { telHref, useSiteData } from '~/lib/site-data'
import type { Route } from './+types/home'

export const handle = { heroUnderNav: true }

export async function loader({ context }: Route.LoaderArgs) {
  const slides = await context.services.hero.activeSlides()
  const uploads = await context.services.media.describe(slides.map((s) => s.image))
  // Resolved on the server: uploads get their WebP variants, picked venue pictures theirs.
  return { slides: toSlideViews(slides, (url) => uploads[url] ?? artworkForSrc(url)) }
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteDataFromMatches(matches)
  const name = site?.venue.venue_name ?? 'Home'
  const town = site?.venue.venue_town ?? ''
  return seo({
    matches,
    title: `${name} | Country Pub & Restaurant in ${town}`,
    fullTitle: true,
    description: `${name} in ${town}: seasonal food, real ales, cocktails, live events and a garden for private hire. Book a table online.`,
    path: '/',
    image: '/images/hero-home-1600.webp',
  })
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { venue, hours, kitchenNote } = useSiteData()
  const slides =
    loaderData.slides.length > 0
      ? loaderData.slides
      : defaultHeroSlides(venue.venue_name, venue.venue_town)
  return (
    <>
      <RestaurantJsonLd image="/images/hero-home-1600.webp" />
      <h1 className="sr-only">
        {venue.venue_name}, a country pub and restaurant in {venue.venue_town}
      </h1>
      <HeroSlider slides={slides} />

      <section id="explore" aria-labelledby="explore-title" className="scroll-mt-20 px-6 py-16 sm:py-20">
        <div className="mx-auto max-w-7xl">
          <div className="mx-auto max-w-2xl text-center">
            <p className="text-sm font-semibold uppercase tracking-[0.25em] text-oak">Eat · Drink · Gather</p>
            <h2 id="explore-title" className="mt-3 text-4xl font-semibold text-primary sm:text-5xl">
              Something for every visit
            </h2>
            <p className="mt-4 text-lg text-muted-foreground">
              Drop in for a pint by the fire, settle in for Sunday lunch, or bring everyone together in the garden.
            </p>
          </div>
          <div className="mt-12">
            <HomeTiles />
          </div>
        </div>
      </section>

      <section aria-labelledby="visit-title" className="bg-secondary/60 px-6 py-16">
        <div className="mx-auto grid max-w-6xl items-center gap-10 md:grid-cols-2">
          <div>
            <h2 id="visit-title" className="text-3xl font-semibold text-primary sm:text-4xl">
              Come and find us
            </h2>
            <p className="mt-4 text-lg">{venue.venue_address}</p>
            <p className="mt-2 text-lg">
              <a className="font-semibold text-primary underline underline-offset-4" href={telHref(venue.venue_phone)}>
                {venue.venue_phone}
              </a>
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link
                to="/booking"
                className="inline-flex h-12 items-center rounded-md bg-primary px-6 font-bold text-primary-foreground hover:bg-primary/90"
              >
                Book Table
              </Link>
              <a
                href={venue.venue_maps_url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex h-12 items-center rounded-md border-2 border-primary px-6 font-bold text-primary hover:bg-primary/5"
              >
                Get directions<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </div>
          </div>
          <div className="rounded-lg border border-border bg-card p-6 shadow-sm">
            <h3 className="text-2xl font-semibold">Opening Hours</h3>
            <dl className="mt-4 divide-y divide-border">
              {hours.map((line) => (
                <div key={line.day} className="flex justify-between gap-4 py-2">
                  <dt className="font-semibold">{line.day}</dt>
                  <dd className="text-right text-muted-foreground">{line.hours}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-4 text-sm text-muted-foreground">{kitchenNote}</p>
          </div>
        </div>
      </section>
    </>
  )
}
