// Playwright's 'networkidle' never comes on a back-office page: its live
// channel (GET /api/admin/live, docs/decisions/0033) stays open. This waits
// instead until no other request has been in flight for `quietMs`.

const LIVE = '/api/admin/live'

/** Starts counting a page's requests, the live stream aside; call before the navigation it should cover. */
export function trackRequests(page) {
  const inflight = new Set()
  let lastChange = performance.now()
  const counted = (request) => !new URL(request.url()).pathname.startsWith(LIVE)
  page.on('request', (request) => {
    if (!counted(request)) return
    inflight.add(request)
    lastChange = performance.now()
  })
  const done = (request) => {
    if (inflight.delete(request)) lastChange = performance.now()
  }
  page.on('requestfinished', done)
  page.on('requestfailed', done)
  /** Resolves once nothing but the live stream has been in flight for `quietMs` (500 ms, as 'networkidle'). */
  return async function quiet(quietMs = 500, timeoutMs = 30_000) {
    const deadline = performance.now() + timeoutMs
    while (inflight.size > 0 || performance.now() - lastChange < quietMs) {
      if (performance.now() > deadline) throw new Error(`Requests still in flight after ${timeoutMs} ms: ${[...inflight].map((r) => r.url()).join(', ')}`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
}
