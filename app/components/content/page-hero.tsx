import type { ReactNode } from 'react'
import { buttonVariants } from '~/components/ui/button-variants'
import { WholeEnd } from '~/components/ui/whole-end'
import type { Artwork } from '~/lib/artwork'

/** The brass call-to-action button on a dark hero. */
export const heroButtonClass = buttonVariants({ size: 'lg', variant: 'brass' })

type PageHeroProps = {
  image: Pick<Artwork, 'src' | 'srcSet' | 'width' | 'height' | 'alt'> & { sizes?: string }
  /** A small line above the title, e.g. 'Food & Drink'. */
  eyebrow?: string
  title: string
  lead?: ReactNode
  children?: ReactNode
}

/**
 * The dark, full-bleed picture heading each content page. The picture is the
 * page's largest paint, so it loads eagerly with high priority; the box has a
 * fixed height so nothing moves while it arrives. Pages using it export
 * `handle = { heroUnderNav: true }` so the navigation sits over it.
 */
export function PageHero({ image, eyebrow, title, lead, children }: PageHeroProps) {
  return (
    <section className="relative isolate flex min-h-[30rem] items-end overflow-hidden bg-forest-dark text-cream sm:min-h-[34rem]">
      <img
        src={image.src}
        srcSet={image.srcSet}
        sizes={image.sizes ?? '100vw'}
        width={image.width}
        height={image.height}
        alt={image.alt}
        loading="eager"
        fetchPriority="high"
        decoding="async"
        className="absolute inset-0 -z-10 h-full w-full object-cover"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-t from-forest-dark/95 via-forest-dark/60 to-forest-dark/35"
      />
      <div className="mx-auto w-full max-w-6xl px-6 pb-12 pt-28 sm:pb-16" data-whole="">
        {eyebrow && <p className="text-sm font-semibold uppercase tracking-[0.25em] text-brass-light">{eyebrow}</p>}
        <h1 className="mt-3 max-w-3xl text-4xl font-semibold leading-tight text-balance sm:text-6xl">{title}</h1>
        {lead && <div className="mt-4 max-w-2xl text-lg text-cream/90 sm:text-xl">{lead}</div>}
        {children && <div className="mt-8 flex flex-wrap gap-3">{children}</div>}
        <WholeEnd />
      </div>
    </section>
  )
}
