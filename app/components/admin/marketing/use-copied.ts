import * as React from 'react'
import { COPIED_TICK_MS } from '#common/constants'

/**
 * Copies text and remembers what was copied for SPEC.md's 2 seconds, for the
 * tick. A clipboard the browser refuses is ignored (SPEC.md section 8): no tick.
 */
export function useCopied() {
  const [copied, setCopied] = React.useState<string | null>(null)
  const timer = React.useRef<ReturnType<typeof setTimeout>>(undefined)
  React.useEffect(() => () => clearTimeout(timer.current), [])
  const copy = React.useCallback(async (id: string, text: string) => {
    try {
      await navigator.clipboard.writeText(text)
    } catch {
      return
    }
    setCopied(id)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setCopied(null), COPIED_TICK_MS)
  }, [])
  return { copied, copy }
}
