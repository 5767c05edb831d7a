import { expect, test as base, type BrowserContext, type Page, type Request } from '@playwright/test'
import { E2E_ADMIN } from '../../playwright.config'

export { expect }

/** The console errors and uncaught page errors of a test; `allow` names those the test causes on purpose. */
export type ConsoleErrors = string[] & { allow: (...patterns: (string | RegExp)[]) => void }

/** How many of the page's last API calls a failed test reports (Playwright prints the first 300 characters). */
const API_CALLS_REPORTED = 5

/** Fails a test on any console error or uncaught page error it did not `allow`. */
export const test = base.extend<{ consoleErrors: ConsoleErrors; pageReport: void }>({
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
   * A failed test reports what its pages last did, in two short lists (Playwright prints the first 300
   * characters of each), newest first: the calls to the API, each with when it was sent and how it was
   * answered (whether a click's save went out at all, and what came back; a call repeated in a row, such
   * as the pending count fetched again for each booking the live channel announces, takes one line with
   * its count), and the mouse presses, releases and clicks, each with what it landed on (a click that
   * opened nothing shows whether its press and release met the same element: a list or a dialog that
   * moved between them sends the click to their common ancestor), with the named keys pressed (Escape,
   * Delete, Enter…), where focus went, and what each field was given (a field's input events in a row
   * take one line, its last value), so a key or a fill that changed nothing shows where it went. It watches the test's `page` and every
   * page the test opens in a context of its own (a second member of staff), each named by its place.
   * See docs/decisions/0041.
   */
  pageReport: [
    async ({ page, browser }, use, testInfo) => {
      const started = Date.now()
      const calls = new Map<Request, { at: number; line: string; answer: string }>()
      const pointer: string[] = []
      let contexts = 0
      const watch = async (context: BrowserContext) => {
        const label = contexts++ === 0 ? '' : `[page ${contexts}] `
        context.on('request', (request) => {
          const url = new URL(request.url())
          // The live channel is one long request for the whole test.
          if (url.pathname.startsWith('/api/') && url.pathname !== '/api/admin/live') {
            calls.set(request, { at: Date.now() - started, line: `${label}${request.method()} ${url.pathname}${url.search}`.slice(0, 60), answer: 'no answer' })
          }
        })
        context.on('response', (response) => {
          const call = calls.get(response.request())
          if (call) call.answer = `${response.status()} at ${((Date.now() - started) / 1000).toFixed(1)} s`
        })
        context.on('requestfailed', (request) => {
          const call = calls.get(request)
          if (call) call.answer = `failed: ${request.failure()?.errorText ?? 'unknown'}`
        })
        // Each event is told to the test as a console message of its own kind (debug, marked).
        context.on('console', (msg) => {
          if (msg.type() === 'debug' && msg.text().startsWith(POINTER_MARK)) {
            const told = msg.text().slice(POINTER_MARK.length)
            const line = `${((Date.now() - started) / 1000).toFixed(2)} s ${label}${told}`
            // A field's input events in a row (typing) take one line: the last value.
            const field = told.startsWith('input ') ? `${label}${told.slice(0, told.indexOf(' value '))}` : null
            if (field && pointer.at(-1)?.includes(` ${field} value `)) pointer[pointer.length - 1] = line
            else pointer.push(line)
            if (pointer.length > 16) pointer.shift()
          }
        })
        await context.addInitScript(recordPointer, POINTER_MARK)
      }
      await watch(page.context())
      // Contexts the test opens itself (browser.newPage opens one too) are watched from the start.
      const newContext = browser.newContext
      browser.newContext = async (...args) => {
        const context = await newContext.apply(browser, args)
        await watch(context)
        return context
      }
      await use()
      browser.newContext = newContext
      if (testInfo.status === testInfo.expectedStatus) return
      if (pointer.length > 0) {
        await testInfo.attach('the pages’ last mouse, key, focus and input events, newest first', { contentType: 'text/plain', body: [...pointer].reverse().join('\n') })
      }
      if (calls.size === 0) return
      const lines: { line: string; text: string; times: number }[] = []
      for (const c of [...calls.values()].reverse()) {
        const previous = lines.at(-1)
        if (previous?.line === c.line) previous.times++
        else if (lines.length < API_CALLS_REPORTED) lines.push({ line: c.line, text: `${(c.at / 1000).toFixed(1)} s ${c.line}: ${c.answer}`, times: 1 })
        else break
      }
      await testInfo.attach('the pages’ last API calls, newest first', {
        contentType: 'text/plain',
        body: lines.map((l) => (l.times > 1 ? `${l.text} (and ${l.times - 1} before it)` : l.text)).join('\n'),
      })
    },
    { auto: true },
  ],
})

/** Marks the console messages that carry a page's mouse, key, focus and input events to the test. */
const POINTER_MARK = '\u2063pointer '

/**
 * Runs in every page of a watched context: tells each mouse press, release and click and what it landed on,
 * each named key pressed (not the characters typed), each move of focus, and each field's value as it changes.
 */
function recordPointer(mark: string) {
  const describe = (target: EventTarget | null) => {
    if (!(target instanceof Element)) return String(target)
    // A field by its label (its text is empty), anything else by its accessible name or its text.
    const label = target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement ? target.labels?.[0]?.textContent : null
    const name = target.getAttribute('aria-label') ?? label ?? target.textContent?.trim().replace(/\s+/g, ' ') ?? ''
    return `${target.tagName.toLowerCase()} "${name.slice(0, 24)}"`
  }
  const tell = (line: string) => console.debug(`${mark}${line}`)
  for (const type of ['mousedown', 'mouseup', 'click']) {
    window.addEventListener(type, (e) => tell(`${type} ${describe(e.target)} (${(e as MouseEvent).clientX},${(e as MouseEvent).clientY})`), true)
  }
  window.addEventListener('keydown', (e) => e.key.length > 1 && tell(`keydown ${e.key} on ${describe(e.target)}`), true)
  window.addEventListener('focusin', (e) => tell(`focus ${describe(e.target)}`), true)
  window.addEventListener(
    'input',
    (e) => {
      const value = e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement ? e.target.value : ''
      tell(`input ${describe(e.target)} value ${JSON.stringify(value.slice(0, 24))}`)
    },
    true,
  )
}

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
