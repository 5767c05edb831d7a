import * as React from 'react'
import { onDemand } from '~/components/ui/on-demand'
import { subscribeToasterWanted, toasterWanted, wantPageToaster } from '~/components/ui/toaster-demand'

const INTERACTION_EVENTS = ['pointerdown', 'keydown'] as const

// Without a connection it could not load: asked for again at the next tap or key, or when the phone is back online.
const Toaster = onDemand(() => import('~/components/ui/toaster').then((m) => m.Toaster), {
  failed: (retry) => <RetryLater retry={retry} />,
})

function RetryLater({ retry }: { retry: () => void }) {
  React.useEffect(() => {
    INTERACTION_EVENTS.forEach((name) => document.addEventListener(name, retry, { once: true, passive: true }))
    window.addEventListener('online', retry, { once: true })
    return () => {
      INTERACTION_EVENTS.forEach((name) => document.removeEventListener(name, retry))
      window.removeEventListener('online', retry)
    }
  }, [retry])
  return null
}

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
  return ready ? <Toaster /> : null
}
