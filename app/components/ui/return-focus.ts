import * as React from 'react'

/**
 * Where focus goes when a dialog closes. Radix returns it to the dialog's
 * Trigger; a dialog opened from code (an Edit button on a card, a confirm
 * step) has none, and focus would fall to the page. This remembers what had
 * focus as the dialog opened and goes back there, or, if that is gone (the
 * card just deleted), to the element marked `data-focus-fallback`.
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
      // A message that took focus as the dialog closed (a form's message after a refused save, see FormError) keeps it.
      if (document.activeElement instanceof HTMLElement && document.activeElement.hasAttribute('data-keep-focus')) return
      const target = opener.current?.isConnected ? opener.current : document.querySelector<HTMLElement>('[data-focus-fallback]')
      target?.focus()
    },
  }
}
