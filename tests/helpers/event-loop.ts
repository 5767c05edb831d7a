import { setImmediate as immediate } from 'node:timers/promises'

const TICK_MS = 5

/**
 * Measures how long the event loop is blocked while work runs, in
 * milliseconds: what every other request would have waited. A timer ticks
 * every 5 ms, and a measurement takes the longest gap between two ticks that
 * ends after the work began (the figures include those 5 ms), so a block
 * right at the start is seen as well as one in the middle.
 *
 * Not node's `monitorEventLoopDelay`: its `reset()` also forgets when its
 * timer last fired, so the first firing after a reset only sets a new
 * baseline, and a block in the first few milliseconds of a measurement (a
 * quick route that blocks at once) was never recorded.
 */
export function blockMonitor() {
  let lastTick = performance.now()
  /** The longest gap seen since the measurement began; undefined between measurements. */
  let longest: number | undefined
  const timer = setInterval(() => {
    const now = performance.now()
    if (longest !== undefined) longest = Math.max(longest, now - lastTick)
    lastTick = now
  }, TICK_MS)
  timer.unref()
  return {
    async measure<T>(work: () => Promise<T>): Promise<{ result: T; blockedMs: number }> {
      longest = 0
      try {
        const result = await work()
        // Let the timer tick once more, so a block at the very end is recorded too: after any block
        // longer than its 5 ms the tick is overdue and runs in the loop's next timers phase, which two
        // immediates see go by from whichever phase this runs in.
        await immediate()
        await immediate()
        return { result, blockedMs: longest }
      } finally {
        longest = undefined
      }
    },
    stop: () => clearInterval(timer),
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
