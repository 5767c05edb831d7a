/** A slide as the home page shows it (API slides and the built-in defaults). */
export type HeroSlideView = {
  id: string | number
  title: string
  subtitle: string
  description: string
  image: { src: string; srcSet?: string; width: number; height: number; alt: string }
  buttons: { text: string; link: string }[]
}

const HERO_WIDTHS = [480, 640, 960, 1600]

/** A built-in hero image with its responsive WebP variants (16:9). */
function builtInHero(name: string, alt: string): HeroSlideView['image'] {
  return {
    src: `/images/${name}-960.webp`,
    srcSet: HERO_WIDTHS.map((w) => `/images/${name}-${w}.webp ${w}w`).join(', '),
    width: 1600,
    height: 900,
    alt,
  }
}

/** The three built-in slides (home, Christmas, private hire), shown when staff have no active slides. */
export function defaultHeroSlides(venueName: string, town: string): HeroSlideView[] {
  return [
    {
      id: 'default-home',
      title: `Welcome to ${venueName}`,
      subtitle: `A proper country pub in ${town}`,
      description:
        'Well-kept ales, seasonal food from nearby farms, a log fire in winter and a garden for the long summer evenings.',
      image: builtInHero('hero-home', `${venueName} at dusk, its windows lit`),
      buttons: [
        { text: 'Book a Table', link: '/booking' },
        { text: 'View Menu', link: '/menu' },
      ],
    },
    {
      id: 'default-christmas',
      title: 'Christmas at the Inn',
      subtitle: 'Party nights on Tuesday 2nd and 9th December',
      description: 'Three festive courses, a DJ from 9:00pm to 11:30pm and a warm welcome: £45 per person.',
      image: builtInHero('hero-christmas', 'A dining room dressed for Christmas with garlands and candles'),
      buttons: [
        { text: 'Christmas Parties', link: '/christmas' },
        { text: 'Book a Table', link: '/booking' },
      ],
    },
    {
      id: 'default-private-hire',
      title: 'Hire Our Garden',
      subtitle: 'Private parties under the apple trees',
      description: 'Birthdays, christenings and summer gatherings in our garden, with the bar and kitchen close at hand.',
      image: builtInHero('hero-private-hire', 'The pub garden with festoon lights strung between trees'),
      buttons: [
        { text: 'Private Hire', link: '/private-hire' },
        { text: 'Get in Touch', link: '/contact' },
      ],
    },
  ]
}

type ApiSlide = {
  id: number
  title: string
  subtitle: string
  description: string
  image: string
  buttons: { text: string; link: string }[]
}

type SlideImage = { src: string; srcSet?: string; width: number; height: number }

/**
 * Staff slides as views. `resolve` gives an image's responsive sources (upload
 * variants, or one of the built-in venue pictures); unknown images keep a plain
 * src at the hero's 16:9 size.
 */
export function toSlideViews(slides: ApiSlide[], resolve: (url: string) => SlideImage | undefined = () => undefined): HeroSlideView[] {
  return slides.map((s) => {
    const found = resolve(s.image)
    return {
      id: s.id,
      title: s.title,
      subtitle: s.subtitle,
      description: s.description,
      image: { ...(found ?? { src: s.image, width: 1600, height: 900 }), alt: s.title },
      buttons: s.buttons,
    }
  })
}
