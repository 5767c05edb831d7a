import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'

const TILES = [
  {
    to: '/menu',
    title: 'Our Menu',
    text: 'Seasonal plates, Sunday roasts and proper puddings.',
    image: 'tile-menu',
    alt: 'A plate of pie and mash on an oak table',
  },
  {
    to: '/cocktails',
    title: 'Cocktails',
    text: 'Classics and house favourites, 2 for £14 midweek evenings.',
    image: 'tile-cocktails',
    alt: 'Two cocktails on the bar',
  },
  {
    to: '/events',
    title: 'Events',
    text: 'Live music, quiz nights and tastings through the year.',
    image: 'tile-events',
    alt: 'A band playing in the corner of the bar',
  },
  {
    to: '/private-hire',
    title: 'Private Hire',
    text: 'Our garden for your birthday, gathering or celebration.',
    image: 'tile-private-hire',
    alt: 'The pub garden set for a party',
  },
] as const

/** The four tiles of home (SPEC.md section 2): menu, cocktails, events, private hire. */
export function HomeTiles() {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {TILES.map((tile) => (
        <li key={tile.to}>
          <Link
            to={tile.to}
            className="group flex h-full flex-col overflow-hidden rounded-lg border border-border bg-card shadow-sm transition-shadow hover:shadow-lg"
          >
            <div className="aspect-[4/3] overflow-hidden bg-muted">
              <img
                src={`/images/${tile.image}-480.webp`}
                srcSet={`/images/${tile.image}-480.webp 480w, /images/${tile.image}-960.webp 960w`}
                sizes="(min-width: 1024px) 300px, (min-width: 640px) 50vw, 100vw"
                width={960}
                height={720}
                alt={tile.alt}
                loading="lazy"
                decoding="async"
                className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-105"
              />
            </div>
            <div className="flex flex-1 flex-col p-5">
              <h3 className="font-display text-2xl font-semibold text-primary">{tile.title}</h3>
              <p className="mt-2 flex-1 text-muted-foreground">{tile.text}</p>
              <span className="mt-4 inline-flex items-center gap-2 font-semibold text-oak">
                Discover
                <ArrowRight className="size-4 transition-transform group-hover:translate-x-1" aria-hidden="true" />
              </span>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  )
}
