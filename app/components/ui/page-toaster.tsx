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

/**
 * The toast viewport for a light page (one that skips the app providers, see
 * root.tsx) that still shows toasts: rendered once something asks for it
 * (wantPageToaster), so a guest who only reads the page never downloads it.
 * A toast raised while it loads waits in the toast store and shows when it mounts.
 */
export function PageToaster() {
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
