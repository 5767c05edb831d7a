import zlib from 'node:zlib'
import type { Page } from '@playwright/test'

/**
 * The budgets of a public page that do not depend on the machine (Lighthouse's
 * scores do: `npm run audit:web` measures them). JavaScript is counted as
 * Lighthouse counts it, every script fetched while the page loads (its own
 * chunks and anything fetched before the network goes quiet), in gzip bytes.
 */
export const CLS_BUDGET = 0.02

/** The JavaScript budget of a page in KB gzip: 160 on /booking, 130 on content pages; none for staff sign-in or the not-found page. */
export function jsBudgetKb(path: string): number | undefined {
  if (path === '/booking') return 160
  return path === '/login' || path === '/no-such-page' ? undefined : 130
}

/** Opens a page and gives the KB (gzip) of every script it fetched until the network went quiet. */
export async function gotoCountingScripts(page: Page, path: string): Promise<number> {
  const sizes: Promise<number>[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') sizes.push(response.body().then((body) => zlib.gzipSync(body).length))
  })
  await page.goto(path, { waitUntil: 'networkidle' })
  return (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0) / 1024
}

/** The page's layout shifts without recent input since it was opened, once its fonts are in: their sum, and what moved. */
export async function cumulativeLayoutShift(page: Page): Promise<{ value: number; moved: string[] }> {
  await page.evaluate(() => document.fonts.ready)
  return page.evaluate(
    () =>
      new Promise<{ value: number; moved: string[] }>((resolve) => {
        let value = 0
        const moved: string[] = []
        type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] }
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Shift[]) {
            if (entry.hadRecentInput) continue
            value += entry.value
            // What moved, for the failure's message: a shift's cause is rarely where the budget is checked.
            for (const { node, previousRect: from, currentRect: to } of entry.sources ?? []) {
              const what = node instanceof Element ? `<${node.localName} class="${node.className}">` : node?.nodeName ?? 'a removed node'
              const text = (node?.textContent ?? '').trim().slice(0, 40)
              moved.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${what} "${text}" (${from.x},${from.y} ${from.width}×${from.height} → ${to.x},${to.y} ${to.width}×${to.height})`)
            }
          }
        }).observe({ type: 'layout-shift', buffered: true })
        // The buffered entries arrive in the observer's first callback, or none come at all.
        setTimeout(() => resolve({ value, moved }), 200)
      }),
  )
}
