import * as React from 'react'
import { everyFrame } from './focus-when-ready'

const fallback = () => document.querySelector<HTMLElement>('[data-focus-fallback]')

/**
 * The opener can go a moment after focus went back to it: the card of a
 * booking just confirmed or deleted leaves its list once the list is read
 * again. Focus it leaves to the page then goes to the fallback (where it
 * is: the page does not scroll). Focus taken anywhere else ends the watch.
 */
function watchOpener(opener: HTMLElement, ms = 3000) {
  everyFrame(() => {
    const leftToPage = document.activeElement === document.body || document.activeElement === null
    if (leftToPage && !opener.isConnected) fallback()?.focus({ preventScroll: true })
    return leftToPage || document.activeElement !== opener
  }, ms)
}

/**
 * Where focus goes when a dialog closes. Radix returns it to the dialog's
 * Trigger; a dialog opened from code (an Edit button on a card, a confirm
 * step) has none, and focus would fall to the page. This remembers what had
 * focus as the dialog opened and goes back there, or, if that is gone (the
 * card just deleted), or goes in the next moments, to the element marked
 * `data-focus-fallback`, unless focus has already moved somewhere of its own.
 */
export function useReturnFocus(handlers: { onOpenAutoFocus?: (event: Event) => void; onCloseAutoFocus?: (event: Event) => void }) {
  const opener = React.useRef<HTMLElement | null>(null)
  return {
    onOpenAutoFocus: (event: Event) => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      handlers.onOpenAutoFocus?.(event)
    },
    onCloseAutoFocus: (event: Event) => {
      handlers.onCloseAutoFocus?.(event)
      if (event.defaultPrevented) return
      event.preventDefault()
      // Radix asks this a moment after the dialog has gone (a timer). Focus that has moved on by then keeps its
      // place: a message that took it as the dialog closed (a form's message after a refused save, see FormError),
      // the next dialog, or a field staff went to straight away. Only focus left to the page goes back.
      if (document.activeElement instanceof HTMLElement && document.activeElement !== document.body) return
      if (opener.current?.isConnected) {
        opener.current.focus()
        watchOpener(opener.current)
      } else fallback()?.focus()
    },
  }
}
