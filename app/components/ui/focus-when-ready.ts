/**
 * Keeps a keyboard or screen-reader user's place after an action took away the
 * button it was started from: disabled while it ran (which drops focus to the
 * page), then replaced by the next step ('Arrived' becomes 'Seated') or moved
 * to another list. Call it once the action has settled. On the next frames,
 * while focus is still left to the page (or on `from`), it goes back to `from`
 * if that is there and usable again, else to `target()` once that is
 * (connected, enabled, shown). Staff who went somewhere else meanwhile keep
 * their place; it gives up after `timeoutMs`.
 */
export function focusWhenReady(from: Element | null, target: () => HTMLElement | null | undefined, timeoutMs = 3000) {
  everyFrame(() => {
    const active = document.activeElement
    if (active && active !== document.body && active !== from) return true
    const element = from instanceof HTMLElement && usable(from) ? from : target()
    if (!element || !usable(element)) return false
    if (element !== active) element.focus()
    return true
  }, timeoutMs)
}

/** Runs `done` on each of the next animation frames until it says true, for `ms` at most. */
export function everyFrame(done: () => boolean, ms: number) {
  const until = performance.now() + ms
  const step = () => {
    if (!done() && performance.now() < until) requestAnimationFrame(step)
  }
  requestAnimationFrame(step)
}

/** The first of `elements` that focus can go to now. */
export function firstUsable(elements: Iterable<Element | null | undefined>): HTMLElement | undefined {
  for (const element of elements) if (element instanceof HTMLElement && usable(element)) return element
  return undefined
}

/** In the page, not disabled, and not hidden (a closed `<details>`, `display: none`). */
function usable(element: HTMLElement): boolean {
  if (!element.isConnected || (element as HTMLButtonElement).disabled) return false
  return typeof element.checkVisibility === 'function' ? element.checkVisibility() : element.getClientRects().length > 0
}
