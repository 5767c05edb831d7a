import * as React from 'react'
import { Link } from 'react-router'
import { buttonVariants } from '~/components/ui/button-variants'
import { LoadFailed } from '~/components/ui/load-failed'
import { onDemand } from '~/components/ui/on-demand'
import { wantPageToaster } from '~/components/ui/toaster-demand'
import type { EventView } from './event-types'

// The dialog's code loads when a guest first opens it, not with the page.
const EventDialog = onDemand(() => import('./event-dialog').then((m) => m.default), {
  failed: (retry, props) => props.open && <LoadFailed retry={retry} close={() => props.onOpenChange(false)} />,
})

/**
 * 'Book Table' or 'Make Enquiry' for an event (SPEC.md section 2). 'Book Table'
 * is a link to /booking that, once the page's script runs, opens the dialog
 * instead: it books at the event's own date and time, within the event's
 * capacity, which the general booking page cannot.
 */
export function EventActions({ event, size = 'default', variant = 'default' }: { event: EventView; size?: 'default' | 'lg'; variant?: 'default' | 'brass' }) {
  const [open, setOpen] = React.useState(false)
  const [loaded, setLoaded] = React.useState(false)
  const show = () => {
    // The dialog tells the guest how it went in a toast: its viewport loads with the dialog.
    wantPageToaster()
    setLoaded(true)
    setOpen(true)
  }
  return (
    <>
      {event.bookingType === 'table' ? (
        <Link
          to="/booking"
          className={buttonVariants({ size, variant })}
          onClick={(e) => {
            // A click meant for a new tab or window still opens /booking there.
            if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
            e.preventDefault()
            show()
          }}
          aria-haspopup="dialog"
        >
          Book Table
        </Link>
      ) : (
        // A plain button with the button look: the page ships without the Button component's class merging.
        <button type="button" className={buttonVariants({ size, variant })} onClick={show} aria-haspopup="dialog">
          Make Enquiry
        </button>
      )}
      {loaded && <EventDialog event={event} open={open} onOpenChange={setOpen} />}
    </>
  )
}
