import { expect, test as base, type Page, type Request } from '@playwright/test'
import { E2E_ADMIN } from '../../playwright.config'

export { expect }

/** The console errors and uncaught page errors of a test; `allow` names those the test causes on purpose. */
export type ConsoleErrors = string[] & { allow: (...patterns: (string | RegExp)[]) => void }

/** How many of the page's last API calls a failed test reports (Playwright prints the first 300 characters). */
const API_CALLS_REPORTED = 5

/** Fails a test on any console error or uncaught page error it did not `allow`. */
export const test = base.extend<{ consoleErrors: ConsoleErrors; apiCalls: void; pointerLog: void }>({
  consoleErrors: [
    async ({ page }, use, testInfo) => {
      const allowed: (string | RegExp)[] = []
      const errors = Object.assign([] as string[], { allow: (...patterns: (string | RegExp)[]) => void allowed.push(...patterns) })
      page.on('console', (msg) => {
        // Playwright's trace recorder fetches blob: images from inside the page, which the CSP rightly
        // refuses (seen only with tracing on); the app itself never fetches a blob.
        if (msg.type() === 'error' && !msg.text().startsWith("Connecting to 'blob:")) errors.push(msg.text())
      })
      page.on('pageerror', (err) => errors.push(err.message))
      await use(errors)
      const unexpected = errors.filter((e) => !allowed.some((p) => (typeof p === 'string' ? e.includes(p) : p.test(e))))
      // A test that failed already keeps its own failure as the one reported.
      if (testInfo.status === testInfo.expectedStatus) expect(unexpected, 'console errors during the test').toEqual([])
    },
    { auto: true },
  ],
  /**
   * A failed test reports the page's last calls to the API, each with when it was sent and how it was
   * answered: whether a click's save went out at all, and what came back. (A confirm's click twice
   * started no save, with nothing else to say whether a request was sent: see docs/decisions/0041.)
   * A call repeated in a row (the pending count's poll) is one line with its count.
   */
  apiCalls: [
    async ({ page }, use, testInfo) => {
      const started = Date.now()
      const calls = new Map<Request, { at: number; line: string; answer: string }>()
      page.on('request', (request) => {
        const url = new URL(request.url())
        // The live channel is one long request for the whole test.
        if (url.pathname.startsWith('/api/') && url.pathname !== '/api/admin/live') {
          calls.set(request, { at: Date.now() - started, line: `${request.method()} ${url.pathname}${url.search}`.slice(0, 60), answer: 'no answer' })
        }
      })
      page.on('response', (response) => {
        const call = calls.get(response.request())
        if (call) call.answer = `${response.status()} at ${((Date.now() - started) / 1000).toFixed(1)} s`
      })
      page.on('requestfailed', (request) => {
        const call = calls.get(request)
        if (call) call.answer = `failed: ${request.failure()?.errorText ?? 'unknown'}`
      })
      await use()
      if (testInfo.status === testInfo.expectedStatus || calls.size === 0) return
      // Newest first: Playwright cuts a long attachment at its end.
      const lines: { line: string; text: string; times: number }[] = []
      for (const c of [...calls.values()].reverse()) {
        const previous = lines.at(-1)
        if (previous?.line === c.line) previous.times++
        else if (lines.length < API_CALLS_REPORTED) lines.push({ line: c.line, text: `${(c.at / 1000).toFixed(1)} s ${c.line}: ${c.answer}`, times: 1 })
        else break
      }
      await testInfo.attach('the page’s last API calls, newest first', {
        contentType: 'text/plain',
        body: lines.map((l) => (l.times > 1 ? `${l.text} (and ${l.times - 1} before it)` : l.text)).join('\n'),
      })
    },
    { auto: true },
  ],
  /**
   * A failed test reports the page's last mouse presses, releases and clicks, each with what it landed on:
   * a click that opened nothing shows whether the press and the release met the same element (a list that
   * moved under the pointer between them sends the click to their common ancestor: docs/decisions/0041).
   */
  pointerLog: [
    async ({ page }, use, testInfo) => {
      await page.addInitScript(() => {
        const log: string[] = []
        Object.defineProperty(window, '__pointerLog', { value: log })
        const describe = (target: EventTarget | null) => {
          if (!(target instanceof Element)) return String(target)
          const name = target.getAttribute('aria-label') ?? target.textContent?.trim().replace(/\s+/g, ' ') ?? ''
          return `${target.tagName.toLowerCase()} "${name.slice(0, 24)}"`
        }
        for (const type of ['mousedown', 'mouseup', 'click']) {
          window.addEventListener(
            type,
            (e) => {
              const m = e as MouseEvent
              log.push(`${(performance.now() / 1000).toFixed(2)} s ${type} ${describe(m.target)} (${m.clientX},${m.clientY})`)
              if (log.length > 12) log.shift()
            },
            true,
          )
        }
      })
      await use()
      if (testInfo.status === testInfo.expectedStatus) return
      const log = await page.evaluate(() => (window as unknown as { __pointerLog?: string[] }).__pointerLog ?? []).catch(() => [])
      if (log.length === 0) return
      // Newest first, and the page's own clock (seconds since it loaded).
      await testInfo.attach('the page’s last mouse events, newest first', { contentType: 'text/plain', body: log.reverse().join('\n') })
    },
    { auto: true },
  ],
})

/** Opens a page and waits until React has hydrated it (clicks before that would post plain forms). */
export async function gotoHydrated(page: Page, url: string) {
  await page.goto(url)
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
}

/**
 * Runs a page at a fixed instant: its scripts (Date) and every request it makes,
 * which the test server (TEST_CLOCK_HEADER) answers as if it were that moment.
 */
export async function atFixedTime(page: Page, iso: string) {
  await page.setExtraHTTPHeaders({ 'X-Test-Now': iso })
  await page.clock.setFixedTime(new Date(iso))
}

export async function signIn(page: Page) {
  await gotoHydrated(page, '/login')
  await page.getByLabel('Username').fill(E2E_ADMIN.username)
  await page.getByLabel('Password').fill(E2E_ADMIN.password)
  await page.getByRole('button', { name: 'Log In' }).click()
  await expect(page).toHaveURL(/\/admin/)
}

/**
 * A toast on screen, found by its text: its item in the notification region. (Radix's
 * role="status" copy of a toast is a screen-reader announcement that lasts one second,
 * too short to wait for on a busy machine.)
 */
export function toastWith(page: Page, text: string) {
  return page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem').filter({ hasText: text })
}
