// Apart from on-demand.tsx, whose helper every page's frame loads (the toast viewport): only the pages with a
// dialog or form loaded on demand carry these words.
import { createPortal } from 'react-dom'

/**
 * What a dialog or form that could not load says, at the foot of the screen
 * where it shows whatever the guest scrolled to: the reason, Try again, and
 * Close (which gives up, as closing the dialog would). Drawn in the body, above
 * the cookie banner, whatever the stacking of the part it stands for.
 */
export function LoadFailed({ retry, close }: { retry: () => void; close: () => void }) {
  return createPortal(
    <div
      role="alert"
      className="fixed inset-x-3 bottom-3 z-[60] mx-auto flex max-w-lg flex-wrap items-center gap-3 rounded-lg border border-border bg-background p-4 text-sm text-foreground shadow-xl"
    >
      <p className="min-w-0 flex-1 basis-56">This did not open: your phone may have lost its signal. Try again in a moment.</p>
      <div className="flex gap-2">
        <button type="button" onClick={retry} className="h-10 rounded-md bg-primary px-4 font-semibold text-primary-foreground">
          Try again
        </button>
        <button type="button" onClick={close} className="h-10 rounded-md border border-input px-4 font-semibold">
          Close
        </button>
      </div>
    </div>,
    document.body,
  )
}
