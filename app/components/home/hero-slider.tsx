import { Pause, Play } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { HERO_INTERVAL_MS, nextSlideIndex, visibleSlideIndex } from '#common/slider'
import { cx as cn } from '~/lib/cx'
import type { HeroSlideView } from './hero-slides'

function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false)
  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)')
    setReduced(query.matches)
    const onChange = () => setReduced(query.matches)
    query.addEventListener('change', onChange)
    return () => query.removeEventListener('change', onChange)
  }, [])
  return reduced
}

function SlideButton({ button, primary }: { button: HeroSlideView['buttons'][number]; primary: boolean }) {
  const className = cn(
    'inline-flex h-12 items-center justify-center rounded-md px-6 text-base font-bold shadow-md transition-colors',
    primary ? 'bg-brass text-forest-dark hover:bg-brass-light' : 'border-2 border-cream/80 text-cream hover:bg-cream/15',
  )
  return /^(?:https?:|tel:|mailto:)/.test(button.link) ? (
    <a href={button.link} className={className}>
      {button.text}
    </a>
  ) : (
    <Link to={button.link} className={className}>
      {button.text}
    </Link>
  )
}

/**
 * The home page's hero slider (SPEC.md section 4): advances every 6 s with a
 * 1 s fade and wraps; dots select a slide; pausable; still under
 * prefers-reduced-motion. `slides` undefined means still loading.
 */
export function HeroSlider({ slides }: { slides: HeroSlideView[] | undefined }) {
  const [index, setIndex] = useState(0)
  const [paused, setPaused] = useState(false)
  const [hydrated, setHydrated] = useState(false)
  const reducedMotion = usePrefersReducedMotion()
  const count = slides?.length ?? 0
  const current = visibleSlideIndex(index, count)

  useEffect(() => setHydrated(true), [])

  // The slide list shrank below the index: start again at the first.
  useEffect(() => {
    if (index !== current) setIndex(current)
  }, [index, current])

  // One timer per shown slide, so choosing a dot restarts the 6 s.
  useEffect(() => {
    if (paused || reducedMotion || count < 2) return
    const id = window.setTimeout(() => setIndex((i) => nextSlideIndex(visibleSlideIndex(i, count), count)), HERO_INTERVAL_MS)
    return () => window.clearTimeout(id)
  }, [current, paused, reducedMotion, count])

  if (!slides) return <HeroMessage text="Loading..." />
  if (slides.length === 0) return <HeroMessage text="No slides available" />

  const upcoming = nextSlideIndex(current, count)
  const autoRotating = !paused && !reducedMotion && count > 1
  return (
    <section
      aria-roledescription="carousel"
      aria-label="Highlights"
      className="relative isolate h-[86svh] min-h-[34rem] overflow-hidden bg-forest-dark text-cream"
      data-testid="hero-slider"
    >
      <div aria-live={autoRotating ? 'off' : 'polite'}>
        {slides.map((slide, i) => {
          const active = i === current
          // The first image is the LCP and loads at once; the others only when about to be shown.
          const renderImage = i === 0 || (hydrated && (active || i === upcoming))
          return (
            <div
              key={slide.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              aria-hidden={!active}
              inert={!active}
              data-active={active}
              className={cn(
                'absolute inset-0 transition-opacity duration-1000 ease-in-out',
                active ? 'z-10 opacity-100' : 'z-0 opacity-0',
              )}
            >
              {renderImage && (
                <img
                  src={slide.image.src}
                  srcSet={slide.image.srcSet}
                  sizes={slide.image.srcSet ? '100vw' : undefined}
                  width={slide.image.width}
                  height={slide.image.height}
                  alt={slide.image.alt}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : 'auto'}
                  decoding={i === 0 ? 'sync' : 'async'}
                  className="absolute inset-0 h-full w-full object-cover"
                />
              )}
              <div className="absolute inset-0 bg-gradient-to-t from-black/80 via-black/35 to-black/45" />
              <div className="relative mx-auto flex h-full max-w-5xl flex-col items-center justify-center px-6 pb-20 pt-24 text-center">
                {slide.subtitle && (
                  <p className="mb-3 text-sm font-semibold uppercase tracking-[0.25em] text-brass-light sm:text-base">
                    {slide.subtitle}
                  </p>
                )}
                <h2 className="font-display text-4xl font-semibold drop-shadow-md sm:text-6xl lg:text-7xl">
                  {slide.title}
                </h2>
                {slide.description && (
                  <p className="mt-5 max-w-2xl text-lg text-cream/95 drop-shadow sm:text-xl">{slide.description}</p>
                )}
                {slide.buttons.length > 0 && (
                  <div className="mt-8 flex flex-wrap justify-center gap-3">
                    {slide.buttons.map((button, b) => (
                      <SlideButton key={`${button.text}-${b}`} button={button} primary={b === 0} />
                    ))}
                  </div>
                )}
              </div>
            </div>
          )
        })}
      </div>

      {count > 1 && (
        <div className="absolute inset-x-0 bottom-20 z-20 flex items-center justify-center gap-3">
          <button
            type="button"
            onClick={() => setPaused((p) => !p)}
            className="inline-flex size-10 items-center justify-center rounded-full bg-black/35 hover:bg-black/55"
            aria-label={paused ? 'Play slideshow' : 'Pause slideshow'}
          >
            {paused ? <Play className="size-4" aria-hidden="true" /> : <Pause className="size-4" aria-hidden="true" />}
          </button>
          {slides.map((slide, i) => (
            <button
              key={slide.id}
              type="button"
              onClick={() => setIndex(i)}
              aria-label={`Go to slide ${i + 1}`}
              aria-current={i === current ? 'true' : undefined}
              className="group inline-flex size-10 items-center justify-center rounded-full"
            >
              <span
                className={cn(
                  'block h-2.5 rounded-full transition-all',
                  i === current ? 'w-8 bg-brass-light' : 'w-2.5 bg-cream/70 group-hover:bg-cream',
                )}
              />
            </button>
          ))}
        </div>
      )}

      <a
        href="#explore"
        className="absolute inset-x-0 bottom-4 z-20 mx-auto flex w-fit flex-col items-center rounded-md px-3 py-1 text-xs font-semibold uppercase tracking-[0.2em] text-cream/90 hover:text-cream"
      >
        Scroll to explore
        <svg viewBox="0 0 24 24" className="mt-1 size-5 animate-bounce" aria-hidden="true" fill="none">
          <path d="M6 9l6 6 6-6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </a>
    </section>
  )
}

function HeroMessage({ text }: { text: string }) {
  return (
    <section className="flex h-[60svh] items-center justify-center bg-forest-dark text-cream">
      <p className="text-lg">{text}</p>
    </section>
  )
}
