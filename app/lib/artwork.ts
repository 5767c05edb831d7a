/**
 * The site's original illustrations (rendered by scripts/artwork.mjs into
 * public/images). Each entry is ready for an <img>: a fallback src, a srcSet of
 * WebP widths, the intrinsic width/height (so the browser reserves the space)
 * and alt text. Staff uploads replace them where a page allows it. Their
 * names and widths come from artwork/manifest.json, which the renderer reads too.
 */
import manifest from '../../artwork/manifest.json'

export type Artwork = {
  src: string
  srcSet: string
  /** A sensible default `sizes` for how the picture is usually laid out. */
  sizes: string
  width: number
  height: number
  alt: string
}

/** `sizes` for a full-bleed hero, grid tiles and two-column galleries. */
export const SIZES = {
  hero: '100vw',
  tile: '(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw',
  gallery: '(min-width: 1024px) 50vw, 100vw',
} as const

type ArtworkName = keyof typeof manifest.artwork

/** The widths a picture is rendered at (its set's, or its own). */
function widthsOf(name: ArtworkName): number[] {
  const widths: string | number[] = manifest.artwork[name]
  return typeof widths === 'string' ? manifest.sets[widths as keyof typeof manifest.sets] : widths
}

function art(name: ArtworkName, width: number, height: number, alt: string, sizes: string): Artwork {
  const widths = widthsOf(name)
  const fallback = widths.includes(960) ? 960 : widths[widths.length - 1]
  return {
    src: `/images/${name}-${fallback}.webp`,
    srcSet: widths.map((w) => `/images/${name}-${w}.webp ${w}w`).join(', '),
    sizes,
    width,
    height,
    alt,
  }
}

const hero = (name: ArtworkName, alt: string) => art(name, 1600, 900, alt, SIZES.hero)
const tile = (name: ArtworkName, alt: string) => art(name, 1200, 900, alt, SIZES.tile)
const picture = (name: ArtworkName, alt: string) => art(name, 1600, 900, alt, SIZES.hero)

export const ARTWORK = {
  heroHome: hero(
    'hero-home',
    'The whitewashed, thatched Wheatsheaf Inn at dusk, its windows glowing and the pub sign swinging by the lane',
  ),
  heroChristmas: hero(
    'hero-christmas',
    'The Wheatsheaf Inn on a snowy Christmas night, a wreath on the door and a lit tree in the garden',
  ),
  heroPrivateHire: hero(
    'hero-private-hire',
    'The pub garden at dusk under strings of festoon lights, with parasols over the picnic tables',
  ),
  heroMenu: hero('hero-menu', 'Beer-battered fish and chips and a roast on a plank table beside a pint'),
  heroCocktails: hero('hero-cocktails', 'Three cocktails on the bar top in front of the glowing back bar'),
  heroContact: hero(
    'hero-contact',
    'The front door of The Wheatsheaf Inn with its lanterns, window boxes and hanging sign',
  ),
  heroBooking: hero('hero-booking', 'The candlelit dining room with laid tables and a view of the garden at dusk'),
  tileMenu: tile('tile-menu', 'Fish and chips and a Sunday roast on a wooden table'),
  tileCocktails: tile('tile-cocktails', 'A spritz, a mint highball and a pink coupe on the bar'),
  tileEvents: tile('tile-events', 'The barn event space with a little stage, long tables and festoon lights'),
  tilePrivateHire: tile('tile-private-hire', 'The pub garden on a sunny day with picnic tables and parasols'),
  cocktails1: tile('cocktails-1', 'A blood-orange sour in a coupe, a lemon highball and a dry martini'),
  cocktails2: tile('cocktails-2', 'An Aperol spritz, a mint mojito and a pink rhubarb coupe'),
  cocktails3: tile('cocktails-3', 'An old fashioned, a blue martini and a cherry coupe'),
  cocktails4: tile('cocktails-4', 'A raspberry highball, a spritz and a negroni on the rocks'),
  garden1: tile('garden-1', 'The garden at dusk with festoon lights between the old trees'),
  garden2: tile('garden-2', 'Picnic tables with parasols on the lawn in the sunshine'),
  garden3: tile('garden-3', 'A candlelit picnic table under the lights, set with pints'),
  garden4: tile('garden-4', 'The garden beside the inn with a picnic table under a parasol'),
  christmasMenu: art(
    'christmas-menu',
    1000,
    1414,
    'Christmas party menu: spiced parsnip soup, chicken liver parfait or beetroot-cured salmon; roast Norfolk turkey, slow-braised beef or chestnut and cranberry Wellington; Christmas pudding or chocolate and orange torte',
    '(min-width: 1024px) 40vw, 100vw',
  ),
  menuDefault: tile('menu-default', 'A plank table set with pub classics'),
  venueExterior: picture('venue-exterior', 'Exterior view of The Wheatsheaf Inn on a summer day'),
  venueGarden: picture('venue-garden', 'The pub garden with picnic tables and festoon lights'),
  venueInterior: picture('venue-interior', 'Interior with oak beams, an inglenook fireplace and armchairs'),
  venueBar: picture('venue-bar', 'The bar with brass hand pumps and a wall of bottles'),
  venueDining: picture('venue-dining', 'The dining room with candlelit tables'),
  venueLounge: picture('venue-lounge', 'The lounge with leather armchairs by a log fire'),
  venueEventSpace: picture('venue-event-space', 'The barn event space with a stage and festoon lights'),
} satisfies Record<string, Artwork>

export type ArtworkKey = keyof typeof ARTWORK

/** The seven named venue images offered by the admin hero-slide picker. */
export const VENUE_IMAGES: { key: ArtworkKey; label: string; src: string }[] = [
  { key: 'venueExterior', label: 'Exterior View', src: ARTWORK.venueExterior.src },
  { key: 'venueGarden', label: 'Garden View', src: ARTWORK.venueGarden.src },
  { key: 'venueInterior', label: 'Interior', src: ARTWORK.venueInterior.src },
  { key: 'venueBar', label: 'Bar Area', src: ARTWORK.venueBar.src },
  { key: 'venueDining', label: 'Dining Space', src: ARTWORK.venueDining.src },
  { key: 'venueLounge', label: 'Lounge Area', src: ARTWORK.venueLounge.src },
  { key: 'venueEventSpace', label: 'Event Space', src: ARTWORK.venueEventSpace.src },
]

/** Finds the artwork whose srcSet contains this path (used to pick srcSet for a stored hero image). */
export function artworkForSrc(src: string): Artwork | undefined {
  return Object.values(ARTWORK).find((a) => a.src === src || a.srcSet.split(', ').some((s) => s.startsWith(`${src} `)))
}
