import { monitorEventLoopDelay } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'

const RESOLUTION_MS = 5

/**
 * Runs `work` and measures the longest time the event loop was blocked
 * meanwhile, in milliseconds: what every other request would have waited.
 * (A timer firing every 5 ms records how late it ran; the figure includes
 * those 5 ms.)
 */
export async function longestBlock<T>(work: () => Promise<T>): Promise<{ result: T; blockedMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS })
  histogram.enable()
  try {
    const result = await work()
    // Let the timer fire once more, so a block at the very end is recorded too.
    await sleep(RESOLUTION_MS * 2)
    return { result, blockedMs: histogram.max / 1e6 }
  } finally {
    histogram.disable()
  }
}
