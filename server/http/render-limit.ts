import type { Request as ExpressRequest, Response as ExpressResponse } from 'express'
import type { RenderLimit } from '../config'
import { retryWhen } from '../rate-limits/attempts'
import { addressGroup } from '../rate-limits/challenge'

/** Addresses remembered at most; the one unheard from longest is forgotten first (it starts again with a full allowance). */
const MAX_ADDRESSES = 10_000

type Bucket = { tokens: number; at: number }
/** Who has no render left: the address, or the whole instance (many addresses at once). */
export type Refusal = { by: 'address' | 'site'; retrySeconds: number }

/**
 * A limit per address on pages rendered for one request alone, which the kept
 * pages (page-cache.ts) do not answer: a query a page may read
 * (`/events?month=…`) or one made up, a path with no page (the 404 page that
 * scanners asking for `/wp-login.php` get), a missing asset, the back-office
 * shell and client navigations' `.data` loads. A render costs the app 1.5-6 ms
 * of its one core where a kept page costs 0.2, so without it one stranger
 * asking for made-up addresses as fast as they can keeps the app busy for
 * everyone (decision 46). A second allowance, for the whole instance, bounds
 * many addresses at once (a botnet, or one attacker's whole IPv6 /48).
 *
 * Token buckets, per address (IPv6 by its /64, as the booking limits count
 * it) and for the instance, held in its memory: they guard this instance's
 * own core, so nothing is shared between instances or written to the database.
 */
export class RenderAllowance {
  private readonly addresses = new Map<string, Bucket>()
  private site: Bucket

  constructor(
    private readonly limits: { perAddress: RenderLimit; site: RenderLimit },
    private readonly now: () => number = performance.now.bind(performance),
  ) {
    this.site = { tokens: limits.site.burst, at: this.now() }
  }

  /** Takes one render for `address` and one of the instance's: undefined when it may render, otherwise who has none left and when one comes back. */
  take(address: string): Refusal | undefined {
    const key = addressGroup(address)
    const now = this.now()
    const own = refilled(this.addresses.get(key), this.limits.perAddress, now)
    this.remember(key, own)
    if (own.tokens < 1) return { by: 'address', retrySeconds: secondsToOne(own, this.limits.perAddress) }
    this.site = refilled(this.site, this.limits.site, now)
    if (this.site.tokens < 1) return { by: 'site', retrySeconds: secondsToOne(this.site, this.limits.site) }
    own.tokens--
    this.site.tokens--
    return undefined
  }

  /** Gives back the render taken for `address`: what it rendered was kept, and serves everyone. */
  giveBack(address: string) {
    const own = this.addresses.get(addressGroup(address))
    if (own) own.tokens = Math.min(this.limits.perAddress.burst, own.tokens + 1)
    this.site.tokens = Math.min(this.limits.site.burst, this.site.tokens + 1)
  }

  /** Addresses remembered now (tests). */
  get size() {
    return this.addresses.size
  }

  private remember(key: string, bucket: Bucket) {
    // Deleted first, so that the map's order is the order addresses were last heard from.
    this.addresses.delete(key)
    this.addresses.set(key, bucket)
    if (this.addresses.size > MAX_ADDRESSES) this.addresses.delete(this.addresses.keys().next().value!)
  }
}

/** A bucket as it stands at `now` (a new one is full). */
function refilled(bucket: Bucket | undefined, limit: RenderLimit, now: number): Bucket {
  if (!bucket) return { tokens: limit.burst, at: now }
  return { tokens: Math.min(limit.burst, bucket.tokens + ((now - bucket.at) / 1000) * limit.perSecond), at: now }
}

const secondsToOne = (bucket: Bucket, limit: RenderLimit) => Math.max(1, Math.ceil((1 - bucket.tokens) / limit.perSecond))

/**
 * Takes a render for the request's address, or answers 429 with Retry-After
 * and a short page saying when to try again (no render: that is the point).
 * A client navigation's data is answered instead with React Router's own
 * redirect to the page as a document: a kept page opens from memory, and any
 * other gets that 429 page, where the router would show only 'Something went
 * wrong'. Returns whether the request may go on to render.
 */
export function mayRender(allowance: RenderAllowance, req: ExpressRequest, res: ExpressResponse): boolean {
  const refused = allowance.take(req.ip ?? 'unknown')
  if (!refused) return true
  res.set({ 'Retry-After': String(refused.retrySeconds), 'Cache-Control': 'no-store' })
  if (req.path.endsWith('.data')) {
    res.status(204).set({ 'X-Remix-Redirect': pageOfData(req.originalUrl), 'X-Remix-Status': '302', 'X-Remix-Reload-Document': 'true' }).end()
    return false
  }
  const retry = retryWhen(new Date(Date.now() + refused.retrySeconds * 1000))
  if (refused.by === 'address') res.status(429).type('html').send(refusalPage('Too many requests', `Too many pages were asked for from your connection at once. Please try again ${retry}.`))
  else res.status(503).type('html').send(refusalPage('Very busy just now', `The site is taking more requests than it can answer just now. Please try again ${retry}.`))
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
const refusalPage = (title: string, message: string) =>
  '<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  `<meta name="robots" content="noindex"><link rel="icon" href="data:,"><title>${title}</title><style>` +
  'body{margin:0;background:#fbf7ef;color:#1f2a21;font:1.0625rem/1.6 system-ui,sans-serif}' +
  'main{max-width:36rem;margin:0 auto;padding:4rem 1.25rem}h1{font:600 2rem/1.2 Georgia,serif;color:#2f4a34;margin:0 0 1rem}' +
  `a{color:#2f4a34;font-weight:600}</style></head><body><main><h1>${title}</h1><p>${message}</p>` +
  '<p><a href="/">Go to the home page</a></p></main></body></html>'
