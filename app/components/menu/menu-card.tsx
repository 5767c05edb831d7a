import { BookOpen, FileText, X } from 'lucide-react'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '~/components/ui/dialog'
import { ARTWORK } from '~/lib/artwork'
import { FallbackImage } from './fallback-image'
import { categoryLabel, stampedSrcSet, stampedUrl, type MenuSectionView } from './menu-types'

const fallback = {
  src: ARTWORK.menuDefault.src,
  srcSet: ARTWORK.menuDefault.srcSet,
  sizes: '(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 100vw',
}

/**
 * One menu section: a picture card that opens the full-screen viewer. The
 * card is the dialog's trigger, so closing the viewer (button or Escape)
 * returns focus to it.
 */
export function MenuCard({ section }: { section: MenuSectionView }) {
  const background = section.backgroundImage ? stampedUrl(section.backgroundImage, section.updatedAt) : fallback.src
  const backgroundSrcSet = section.backgroundImage
    ? section.backgroundSrcSet
      ? stampedSrcSet(section.backgroundSrcSet, section.updatedAt)
      : undefined
    : fallback.srcSet
  const pages = section.imageUrls.length
  return (
    <Dialog>
      <DialogTrigger asChild>
        <button
          type="button"
          className="group relative isolate flex aspect-[4/3] w-full flex-col justify-end overflow-hidden rounded-2xl bg-forest-dark p-6 text-left text-cream shadow-md ring-1 ring-black/10 transition-shadow hover:shadow-xl focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-brass"
          data-testid={`menu-card-${section.category}`}
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
        </button>
      </DialogTrigger>
      <DialogContent
        hideClose
        className="inset-0 left-0 top-0 flex h-dvh max-h-none w-full max-w-none translate-x-0 translate-y-0 flex-col gap-0 overflow-hidden rounded-none border-0 bg-forest-dark p-0 text-cream"
        aria-describedby={undefined}
      >
        <MenuViewerBody section={section} />
      </DialogContent>
    </Dialog>
  )
}

/** The viewer's contents: the page images, or the PDF in a frame. */
function MenuViewerBody({ section }: { section: MenuSectionView }) {
  const label = categoryLabel(section.category)
  return (
    <>
      <div className="flex items-center justify-between gap-4 border-b border-white/15 px-4 py-3 sm:px-6">
        <div className="min-w-0">
          <DialogTitle className="truncate text-xl text-cream sm:text-2xl">{section.name}</DialogTitle>
          {section.description && (
            <DialogDescription className="hidden truncate text-cream/75 sm:block">
              {section.description}
            </DialogDescription>
          )}
        </div>
        <DialogClose className="inline-flex h-11 shrink-0 items-center gap-2 rounded-md bg-cream px-4 font-bold text-forest-dark hover:bg-brass-light focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-brass">
          <X className="size-5" aria-hidden="true" />
          Close
        </DialogClose>
      </div>
      {section.imageUrls.length > 0 ? (
        <div
          className="flex-1 overflow-y-auto overscroll-contain px-2 py-4 sm:px-6"
          data-testid="menu-viewer-pages"
          tabIndex={0}
          role="region"
          aria-label={`${section.name} pages`}
        >
          <div className="mx-auto flex max-w-3xl flex-col gap-4">
            {section.imageUrls.map((url, i) => (
              <img
                key={`${url}-${i}`}
                src={url}
                alt={`${label} menu page ${i + 1}`}
                width={1000}
                height={1414}
                loading={i === 0 ? 'eager' : 'lazy'}
                decoding="async"
                className="h-auto w-full rounded-md bg-cream shadow-2xl"
              />
            ))}
          </div>
        </div>
      ) : section.pdfUrl ? (
        <div className="flex flex-1 flex-col">
          <iframe src={section.pdfUrl} title={`${section.name} (PDF)`} className="w-full flex-1 border-0 bg-white" />
          <p className="px-4 py-2 text-center text-sm text-cream/80">
            PDF not showing?{' '}
            <a
              href={section.pdfUrl}
              target="_blank"
              rel="noreferrer"
              className="font-semibold text-brass-light underline"
            >
              Open the {section.name} in a new tab
            </a>
          </p>
        </div>
      ) : null}
    </>
  )
}
