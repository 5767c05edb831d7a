import * as React from 'react'

const Toaster = React.lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })))

// Whether something on the page may show a toast yet (a store of one flag, so any component can ask for the toaster).
let wanted = false
const listeners = new Set<() => void>()
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * Asks for the toaster: call it when something that shows toasts is about to
 * appear (the event dialog opening). Its code then loads alongside that
 * thing's own, and is never part of the page's first load.
 */
export function wantPageToaster() {
  if (wanted) return
  wanted = true
  for (const listener of listeners) listener()
}

const INTERACTION_EVENTS = ['pointerdown', 'keydown'] as const

/**
 * The toast viewport, rendered once something asks for it (wantPageToaster, the
 * first toast) or the guest first clicks, taps or types (a form that may answer
 * with a toast is in use), so a guest who only reads the page never downloads
 * it and it is not part of any page's load. A toast raised while it loads waits
 * in the toast store and shows when it mounts.
 */
export function PageToaster() {
  React.useEffect(() => {
    if (wanted) return
    const want = () => wantPageToaster()
    INTERACTION_EVENTS.forEach((name) => document.addEventListener(name, want, { once: true, passive: true }))
    return () => INTERACTION_EVENTS.forEach((name) => document.removeEventListener(name, want))
  }, [])
  const ready = React.useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  )
  return ready ? (
    <React.Suspense fallback={null}>
      <Toaster />
    </React.Suspense>
  ) : null
}
