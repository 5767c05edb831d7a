import type { Request as ExpressRequest, Response as ExpressResponse } from 'express'
import type { RenderLimit } from '../config'
import { retryWhen } from '../rate-limits/attempts'
import { addressGroup } from '../rate-limits/challenge'

/** Addresses remembered at most; the one unheard from longest is forgotten first (it starts again with a full allowance). */
const MAX_ADDRESSES = 10_000

/**
 * A limit per address on pages rendered for one request alone, which the kept
 * pages (page-cache.ts) do not answer: a query a page may read
 * (`/events?month=…`) or one made up, a path with no page (the 404 page that
 * scanners asking for `/wp-login.php` get), a missing asset, the back-office
 * shell and client navigations' `.data` loads. A render costs the app 1.5-6 ms
 * of its one core where a kept page costs 0.2, so without it one stranger
 * asking for made-up addresses as fast as they can keeps the app busy for
 * everyone (decision 46).
 *
 * A token bucket per address (IPv6 by its /64, as the booking limits count
 * it), held in this instance's memory: it guards this instance's own core, so
 * nothing is shared between instances or written to the database.
 */
export class RenderAllowance {
  private readonly buckets = new Map<string, { tokens: number; at: number }>()

  constructor(
    private readonly limit: RenderLimit,
    private readonly now: () => number = performance.now.bind(performance),
  ) {}

  /** Takes one render for `address`: 0 when it may render, otherwise the seconds until it may. */
  take(address: string): number {
    const key = addressGroup(address)
    const now = this.now()
    const bucket = this.buckets.get(key)
    const tokens = bucket ? Math.min(this.limit.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.limit.perSecond) : this.limit.burst
    if (tokens < 1) {
      this.remember(key, { tokens, at: now })
      return Math.max(1, Math.ceil((1 - tokens) / this.limit.perSecond))
    }
    this.remember(key, { tokens: tokens - 1, at: now })
    return 0
  }

  /** Gives back the render taken for `address`: what it rendered was kept, and serves everyone. */
  giveBack(address: string) {
    const bucket = this.buckets.get(addressGroup(address))
    if (bucket) bucket.tokens = Math.min(this.limit.burst, bucket.tokens + 1)
  }

  /** Addresses remembered now (tests). */
  get size() {
    return this.buckets.size
  }

  private remember(key: string, bucket: { tokens: number; at: number }) {
    // Deleted first, so that the map's order is the order addresses were last heard from.
    this.buckets.delete(key)
    this.buckets.set(key, bucket)
    if (this.buckets.size > MAX_ADDRESSES) this.buckets.delete(this.buckets.keys().next().value!)
  }
}

/**
 * Takes a render for the request's address, or answers 429 with Retry-After
 * and a short page saying when to try again (no render: that is the point).
 * A client navigation's data is answered instead with React Router's own
 * redirect to the page as a document: a kept page opens from memory, and any
 * other gets that 429 page, where the router would show only 'Something went
 * wrong'. Returns whether the request may go on to render.
 */
export function mayRender(allowance: RenderAllowance, req: ExpressRequest, res: ExpressResponse): boolean {
  const wait = allowance.take(req.ip ?? 'unknown')
  if (wait === 0) return true
  res.set({ 'Retry-After': String(wait), 'Cache-Control': 'no-store' })
  if (req.path.endsWith('.data')) {
    res.status(204).set({ 'X-Remix-Redirect': pageOfData(req.originalUrl), 'X-Remix-Status': '302', 'X-Remix-Reload-Document': 'true' }).end()
  } else {
    res.status(429).type('html').send(tooManyPage(retryWhen(new Date(Date.now() + wait * 1000))))
  }
  return false
}

/**
 * The page whose data a client navigation asked for, as React Router names it
 * (`/menu.data?_routes=…` for `/menu`, `/_root.data` for `/`), with the
 * navigation's own query kept. Always a path on this site: `//host.data`
 * would otherwise send the browser to another.
 */
export function pageOfData(originalUrl: string): string {
  let url: URL
  try {
    url = new URL(originalUrl, 'http://site.invalid')
  } catch {
    return '/'
  }
  url.searchParams.delete('_routes')
  const path = url.pathname === '/_root.data' ? '/' : url.pathname.replace(/\/_\.data$/, '/').replace(/\.data$/, '')
  return `/${path.replace(/^[/\\]+/, '')}${url.search}`
}

/** In the site's colours, with no request for anything else (the page's styles allow inline ones). */
const tooManyPage = (retry: string) =>
  '<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<meta name="robots" content="noindex"><link rel="icon" href="data:,"><title>Too many requests</title><style>' +
  'body{margin:0;background:#fbf7ef;color:#1f2a21;font:1.0625rem/1.6 system-ui,sans-serif}' +
  'main{max-width:36rem;margin:0 auto;padding:4rem 1.25rem}h1{font:600 2rem/1.2 Georgia,serif;color:#2f4a34;margin:0 0 1rem}' +
  'a{color:#2f4a34;font-weight:600}</style></head><body><main><h1>Too many requests</h1>' +
  `<p>Too many pages were asked for from your connection at once. Please try again ${retry}.</p>` +
  '<p><a href="/">Go to the home page</a></p></main></body></html>'
