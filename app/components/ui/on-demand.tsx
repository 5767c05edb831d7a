import { useEffect, useState, type ComponentType, type ReactNode } from 'react'

type OnDemandOptions<P> = {
  /** Shown while the code loads (nothing by default). */
  loading?: ReactNode
  /** Shown when it could not load (nothing by default); `retry` loads it again. */
  failed?: (retry: () => void, props: P) => ReactNode
}

/**
 * A part of a page whose code loads only when it is wanted: a dialog, the
 * manage page's change form, the toast viewport. React.lazy hands a failed
 * load to the route's error page, so a phone that had lost its signal lost
 * the whole page ("Something went wrong") at a tap. Here a failed load shows
 * `failed` in the part's place instead, and asking again loads it again (a
 * browser fetches a module that failed to load again when it is imported
 * again). Once loaded, the part's code is kept for the rest of the visit.
 */
export function onDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { loading = null, failed = () => null }: OnDemandOptions<P> = {},
): ComponentType<P> {
  let loaded: ComponentType<P> | undefined
  return function OnDemand(props: P) {
    const [Part, setPart] = useState(() => loaded)
    const [attempt, setAttempt] = useState(0)
    const [failedAttempt, setFailedAttempt] = useState(-1)
    useEffect(() => {
      if (Part) return
      let live = true
      load().then(
        (part) => {
          loaded = part
          if (live) setPart(() => part)
        },
        () => live && setFailedAttempt(attempt),
      )
      return () => {
        live = false
      }
    }, [Part, attempt])
    if (Part) return <Part {...props} />
    return failedAttempt === attempt ? failed(() => setAttempt((n) => n + 1), props) : loading
  }
}
