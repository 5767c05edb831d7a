import * as React from 'react'

const Toaster = React.lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })))

/**
 * The toast viewport for a light page (one that skips the app providers, see
 * root.tsx) that still shows toasts: loaded once the page is interactive, so
 * its code never competes with the page's first paint.
 */
export function PageToaster() {
  const [ready, setReady] = React.useState(false)
  React.useEffect(() => setReady(true), [])
  return ready ? (
    <React.Suspense fallback={null}>
      <Toaster />
    </React.Suspense>
  ) : null
}
