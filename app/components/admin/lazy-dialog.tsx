/**
 * A panel's form, loaded when staff first reach for it: its code is its own
 * chunk, fetched on hover or focus of the button that opens it (`preloadProps`),
 * so the panel itself stays small and the form is there by the click.
 *
 *   const SlideDialog = lazyDialog(() => import('./slide-dialog').then((m) => m.SlideDialog))
 *   <Button onClick={...} {...SlideDialog.preloadProps}>Add Slide</Button>
 *   {editing && <SlideDialog.Component open ... />}
 */
import * as React from 'react'

export function lazyDialog<P extends object>(
  load: () => Promise<React.ComponentType<P>>,
  fallback: React.ReactNode = null,
) {
  const Lazy = React.lazy(() => load().then((component) => ({ default: component })))
  const preload = () => void load()
  /** The form once loaded; `fallback` (nothing, by default: the button that opened it stays in view) while it loads. */
  function Component(props: P) {
    return (
      <React.Suspense fallback={fallback}>
        <Lazy {...(props as P & React.JSX.IntrinsicAttributes)} />
      </React.Suspense>
    )
  }
  return { Component, preload, preloadProps: { onPointerEnter: preload, onFocus: preload } }
}
