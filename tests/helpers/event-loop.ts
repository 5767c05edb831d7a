import { monitorEventLoopDelay } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'

const RESOLUTION_MS = 5

/**
 * Measures how long the event loop is blocked while work runs, in
 * milliseconds: what every other request would have waited. A timer firing
 * every 5 ms records how late it ran (the figures include those 5 ms). Its
 * first tick only sets a baseline, so the monitor runs from creation and each
 * measurement resets it: a block right at the start is still seen.
 */
export function blockMonitor() {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS })
  histogram.enable()
  const ready = sleep(RESOLUTION_MS * 3)
  return {
    async measure<T>(work: () => Promise<T>): Promise<{ result: T; blockedMs: number }> {
      await ready
      histogram.reset()
      const result = await work()
      // Let the timer fire once more, so a block at the very end is recorded too.
      await sleep(RESOLUTION_MS + 1)
      return { result, blockedMs: histogram.max / 1e6 }
    },
    stop: () => histogram.disable(),
  }
}

/** One measurement with a monitor of its own (see blockMonitor). */
export async function longestBlock<T>(work: () => Promise<T>): Promise<{ result: T; blockedMs: number }> {
  const monitor = blockMonitor()
  try {
    return await monitor.measure(work)
  } finally {
    monitor.stop()
  }
}
