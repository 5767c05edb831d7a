import * as React from 'react'

/**
 * Where focus goes when a dialog closes. Radix returns it to the dialog's
 * Trigger; a dialog opened from code (an Edit button on a card, a confirm
 * step) has none, and focus would fall to the page. This remembers what had
 * focus as the dialog opened and goes back there, or, if that is gone (the
 * card just deleted), to the element marked `data-focus-fallback`, unless
 * focus has already moved somewhere of its own.
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
      const target = opener.current?.isConnected ? opener.current : document.querySelector<HTMLElement>('[data-focus-fallback]')
      target?.focus()
    },
  }
}
