/**
 * A panel's form, loaded when staff first reach for it: its code is its own
 * chunk, fetched on hover or focus of the button that opens it (`preloadProps`),
 * so the panel itself stays small and the form is there by the click.
 *
 *   const SlideDialog = lazyDialog(() => import('./slide-dialog').then((m) => m.SlideDialog))
 *   <Button onClick={...} {...SlideDialog.preloadProps}>Add Slide</Button>
 *   {editing && <SlideDialog.Component open ... />}
 */
import type * as React from 'react'
import { LoadFailed } from '~/components/ui/load-failed'
import { onDemand } from '~/components/ui/on-demand'

/** `fallback` (nothing, by default: the button that opened it stays in view) while it loads; a form that cannot load says so (decision 49). */
export function lazyDialog<P extends { onOpenChange: (open: boolean) => void }>(
  load: () => Promise<React.ComponentType<P>>,
  fallback: React.ReactNode = null,
) {
  const Component = onDemand(load, {
    loading: fallback,
    failed: (retry, props) => <LoadFailed retry={retry} close={() => props.onOpenChange(false)} />,
  })
  // A preload that fails is tried again when the form is opened.
  const preload = () => void load().catch(() => undefined)
  return { Component, preload, preloadProps: { onPointerEnter: preload, onFocus: preload } }
}
