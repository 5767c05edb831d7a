import * as React from 'react'
import { everyFrame, firstUsable } from './focus-when-ready'

const fallback = () => document.querySelector<HTMLElement>('[data-focus-fallback]')

/**
 * Where an opener sat in a list: its list (and the list's name, to find it again when a save draws the list anew, as
 * Tables & Areas does), its item's position, and the words on it ('Delete', 'Confirm Booking').
 */
type Place = { list: Element; name: string | null; index: number; words: string }

/** The place of an opener inside a list item (`<li>` of a `<ul>` or `<ol>`), taken while it is in the page. */
function placeOf(opener: HTMLElement | null): Place | undefined {
  const item = opener?.closest('li')
  const list = item?.parentElement
  if (!opener || !item || !list || (list.tagName !== 'UL' && list.tagName !== 'OL')) return undefined
  return { list, name: list.getAttribute('aria-label'), index: [...list.children].indexOf(item), words: opener.textContent?.trim() ?? '' }
}

/**
 * What stands in for an opener that left its list (its booking deleted, confirmed out of the pending ones): the
 * same action on the item that took its place, else on the one before it, else that item's first control. Staff
 * deleting or confirming one after another keep going down the list with Enter instead of Tabbing back from the top.
 */
function inPlaceOf(place: Place | undefined): HTMLElement | undefined {
  if (!place) return undefined
  const named = place.name === null ? null : `[aria-label="${CSS.escape(place.name)}"]`
  const list = place.list.isConnected ? place.list : named && document.querySelector(`ul${named}, ol${named}`)
  if (!list) return undefined
  const items = list.children
  const item = items[place.index] ?? items[place.index - 1]
  if (!item) return undefined
  const controls = [...item.querySelectorAll<HTMLElement>('button, a[href], [role=switch], input, select, textarea')]
  return firstUsable(controls.filter((c) => c.textContent?.trim() === place.words)) ?? firstUsable(controls)
}

/** Focus for an opener that has gone: its place in its list, or the page's fallback. */
function focusInstead(place: Place | undefined) {
  const instead = inPlaceOf(place)
  if (instead) instead.focus()
  else fallback()?.focus({ preventScroll: true })
}

/**
 * The opener can go a moment after focus went back to it: the card of a
 * booking just confirmed or deleted leaves its list once the list is read
 * again. Focus it leaves to the page then goes to its place in the list, or
 * to the fallback (where it is: the page does not scroll). Focus taken
 * anywhere else ends the watch.
 */
function watchOpener(opener: HTMLElement, place = placeOf(opener), ms = 3000) {
  everyFrame(() => {
    const leftToPage = document.activeElement === document.body || document.activeElement === null
    if (leftToPage && !opener.isConnected) focusInstead(place)
    return leftToPage || document.activeElement !== opener
  }, ms)
}

/**
 * Keeps a keyboard user's place after an action started with no dialog (the browser's own confirm): if the
 * element that had focus leaves the page once the action has settled, focus goes to its place in its list.
 */
export function keepPlace(opener: Element | null) {
  if (!(opener instanceof HTMLElement) || opener === document.body) return () => {}
  const place = placeOf(opener)
  return () => watchOpener(opener, place)
}

/**
 * Where focus goes when a dialog closes. Radix returns it to the dialog's
 * Trigger; a dialog opened from code (an Edit button on a card, a confirm
 * step) has none, and focus would fall to the page. This remembers what had
 * focus as the dialog opened and goes back there, or, if that is gone (the
 * card just deleted), or goes in the next moments, to the same action on the
 * next item of its list, or else to the element marked `data-focus-fallback`,
 * unless focus has already moved somewhere of its own.
 */
export function useReturnFocus(handlers: { onOpenAutoFocus?: (event: Event) => void; onCloseAutoFocus?: (event: Event) => void }) {
  const opener = React.useRef<HTMLElement | null>(null)
  const place = React.useRef<Place>(undefined)
  return {
    onOpenAutoFocus: (event: Event) => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      place.current = placeOf(opener.current)
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
        watchOpener(opener.current, place.current)
      } else focusInstead(place.current)
    },
  }
}
