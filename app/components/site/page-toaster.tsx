import * as React from 'react'
import { subscribeToasterWanted, toasterWanted, wantPageToaster } from '~/components/ui/toaster-demand'

const Toaster = React.lazy(() => import('~/components/ui/toaster').then((m) => ({ default: m.Toaster })))

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
    if (toasterWanted()) return
    const want = () => wantPageToaster()
    INTERACTION_EVENTS.forEach((name) => document.addEventListener(name, want, { once: true, passive: true }))
    return () => INTERACTION_EVENTS.forEach((name) => document.removeEventListener(name, want))
  }, [])
  const ready = React.useSyncExternalStore(subscribeToasterWanted, toasterWanted, () => false)
  return ready ? (
    <React.Suspense fallback={null}>
      <Toaster />
    </React.Suspense>
  ) : null
}
