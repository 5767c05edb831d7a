import { BookOpen, FileText } from 'lucide-react'
import { useRef, useState } from 'react'
import { LoadFailed } from '~/components/ui/load-failed'
import { onDemand } from '~/components/ui/on-demand'
import { WholeEnd } from '~/components/ui/whole-end'
import { ARTWORK } from '~/lib/artwork'
import { FallbackImage } from './fallback-image'
import { categoryLabel, stampedSrcSet, stampedUrl, type MenuSectionView } from './menu-types'

const loadViewer = () => import('./menu-viewer')
const MenuViewer = onDemand(() => loadViewer().then((m) => m.default), {
  failed: (retry, props) => <LoadFailed retry={retry} close={props.onClose} />,
})
/** Warms the viewer's chunk; a failure here is retried by the real load on click. */
const prefetchViewer = () => void loadViewer().catch(() => undefined)

const fallback = {
  src: ARTWORK.menuDefault.src,
  srcSet: ARTWORK.menuDefault.srcSet,
  sizes: '(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 100vw',
}

/**
 * One menu section: a picture card that opens the full-screen viewer.
 * Closing the viewer (button or Escape) returns focus to the card.
 */
export function MenuCard({ section }: { section: MenuSectionView }) {
  const [open, setOpen] = useState(false)
  const card = useRef<HTMLButtonElement>(null)
  const background = section.backgroundImage ? stampedUrl(section.backgroundImage, section.updatedAt) : fallback.src
  const backgroundSrcSet = section.backgroundImage
    ? section.backgroundSrcSet
      ? stampedSrcSet(section.backgroundSrcSet, section.updatedAt)
      : undefined
    : fallback.srcSet
  const pages = section.imageUrls.length
  return (
    <>
      <button
        ref={card}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        // Fetch the viewer as soon as a guest shows interest, so it opens at once.
        onPointerEnter={prefetchViewer}
        onFocus={prefetchViewer}
        className="group relative isolate flex aspect-[4/3] w-full flex-col justify-end overflow-hidden rounded-2xl bg-forest-dark p-6 text-left text-cream shadow-md ring-1 ring-black/10 transition-shadow hover:shadow-xl focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-brass"
        data-testid={`menu-card-${section.category}`}
        data-whole=""
      >
        <FallbackImage
          src={background}
          srcSet={backgroundSrcSet}
          sizes="(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 100vw"
          fallback={fallback}
          alt=""
          width={1200}
          height={900}
          loading="lazy"
          decoding="async"
          className="absolute inset-0 -z-10 h-full w-full object-cover transition-transform duration-700 group-hover:scale-105"
        />
        <span
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-gradient-to-t from-forest-dark/95 via-forest-dark/55 to-transparent"
        />
        <span className="text-xs font-semibold uppercase tracking-[0.25em] text-brass-light">
          {categoryLabel(section.category)}
        </span>
        <span className="mt-1 font-display text-3xl font-semibold">{section.name}</span>
        {section.description && <span className="mt-2 line-clamp-2 text-cream/90">{section.description}</span>}
        <span className="mt-4 inline-flex items-center gap-2 font-semibold text-brass-light">
          {pages > 0 ? (
            <BookOpen className="size-5" aria-hidden="true" />
          ) : (
            <FileText className="size-5" aria-hidden="true" />
          )}
          {pages > 1 ? `View menu · ${pages} pages` : 'View menu'}
        </span>
        <WholeEnd />
      </button>
      {open && <MenuViewer section={section} onClose={() => setOpen(false)} returnFocus={() => card.current?.focus()} />}
    </>
  )
}
