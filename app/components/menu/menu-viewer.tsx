import { X } from 'lucide-react'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '~/components/ui/dialog'
import { categoryLabel, type MenuSectionView } from './menu-types'

/**
 * The full-screen menu viewer. Loaded only when a guest opens a menu, so the
 * dialog code stays out of the page's first load. Closing it (button or
 * Escape) hands focus back through `returnFocus`.
 */
export default function MenuViewer({
  section,
  onClose,
  returnFocus,
}: {
  section: MenuSectionView
  onClose: () => void
  returnFocus: () => void
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        hideClose
        className="inset-0 left-0 top-0 flex h-dvh max-h-none w-full max-w-none translate-x-0 translate-y-0 flex-col data-[state=open]:animate-fade-in gap-0 overflow-hidden rounded-none border-0 bg-forest-dark p-0 text-cream"
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          event.preventDefault()
          returnFocus()
        }}
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
