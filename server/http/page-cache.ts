import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express'
import type { ContentChanges } from '../db/content-changes'
import { freshNonce } from './nonce'
import { compressAroundNonce, gzipWithNonce, plainWithNonce, type SplitPage } from './nonce-gzip'
import { acceptedEncodings } from './precompressed'
import { mayRender, type RenderAllowance } from './render-limit'

/**
 * Rendered public pages, kept per page and per venue day, so that identical
 * anonymous requests do not render the same React tree again (15-25 ms each).
 *
 * A page is rendered once with a placeholder nonce and stored split around it;
 * each response gets its own nonce filled in, so the CSP stays per request. An
 * entry is dropped when public content changes (`ContentChanges`, fed by
 * database triggers on every instance), at midnight in the venue's zone (the
 * day is part of the key: today's events, the Christmas countdown), and after
 * MAX_AGE_MS whatever happens. While the change listener is down nothing is cached.
 */
export function pageCache(options: {
  changes: ContentChanges
  /** Renders a page with the given nonce, as the React Router handler would. */
  render: (request: Request, nonce: string) => Promise<Response>
  /** Today in the venue's zone, by the request's clock. */
  today: () => string
  /** Each address's renders: one is taken for each this request starts, and given back when the page is kept. */
  renders?: RenderAllowance
}): RequestHandler {
  const { changes, render, today, renders } = options
  const entries = new Map<string, Entry>()
  // Renders under way, with the content version each began at.
  const filling = new Map<string, { version: number; entry: Promise<Entry | Uncached> }>()
  // Paths whose last render was kept: pages, not made-up addresses. Rendering one again takes none of an address's renders.
  const pages = new Set<string>()

  const fill = async (key: string, path: string, request: Request, version: number): Promise<Entry | Uncached> => {
    const placeholder = freshNonce()
    const response = await render(request, placeholder)
    if (!storable(response)) {
      pages.delete(path)
      return { response, placeholder }
    }
    if (!pages.has(path) && pages.size >= MAX_ENTRIES) pages.delete(pages.values().next().value!)
    pages.add(path)
    const entry = makeEntry(response, Buffer.from(await response.text()), placeholder, version)
    // A render that began before a change may finish after one that began after it.
    if ((entries.get(key)?.version ?? -1) > version) return entry
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!)
    entries.set(key, entry)
    return entry
  }

  return async (req, res, next) => {
    if (!cacheableRequest(req) || !changes.listening()) return next()
    try {
      // A link with only tracking tags is the page itself: rendered, kept and served under its path.
      const key = `${today()} ${req.path}`
      let entry: Entry | Uncached | undefined = entries.get(key)
      if (entry && (entry.version !== changes.version() || Date.now() - entry.at > MAX_AGE_MS)) entry = undefined
      if (!entry) {
        const version = changes.version()
        const pending = filling.get(key)
        // Requests that arrive while the page renders wait for that render, not one each, unless
        // a change was announced since it began: it may have read what the change replaced.
        if (pending?.version === version) entry = await pending.entry
        else {
          // A page kept before is rendered again for everyone (once a change, as above); a path never kept is this address's own.
          const charged = renders !== undefined && !pages.has(req.path)
          if (charged && !mayRender(renders, req, res)) return
          const started = fill(key, req.path, toFetchRequest(req, req.path), version).finally(() => {
            if (filling.get(key)?.entry === started) filling.delete(key)
          })
          filling.set(key, { version, entry: started })
          entry = await started
          // Not kept (an error page, a redirect): this request was rendered all the same.
          if ('response' in entry) return await sendUncached(res, entry, res.locals.cspNonce as string)
          if (charged) renders.giveBack(req.ip ?? 'unknown')
        }
        if ('response' in entry) return next()
      }
      sendEntry(req, res, entry, res.locals.cspNonce as string)
    } catch (error) {
      next(error)
    }
  }
}

/** A render that is not kept, with the placeholder its nonce attributes carry. */
type Uncached = { response: Response; placeholder: string }

type Entry = {
  version: number
  at: number
  status: number
  headers: [string, string][]
  /** The placeholder's length: a response nonce of another length cannot take its place in `page.deflated`. */
  nonceLength: number
  /** The page's bytes between the nonces, each of them deflated on its own, and their CRCs (nonce-gzip.ts). */
  page: SplitPage
}

const MAX_AGE_MS = 10 * 60_000
const MAX_ENTRIES = 300
/** Pages that differ per guest or per link, and everything that is not a page. */
const NOT_CACHED = /^\/(?:api|admin|login|booking\/manage|unsubscribe|uploads|assets|images)(?:\/|$)|\.data$/

/**
 * Query parameters that ads, social sites and mail tools add to links (Facebook adds `fbclid` to
 * every link clicked there), which no page reads: the browser's analytics, if any, read them.
 */
const TRACKING_PARAMETER = /^(?:utm_\w+|fbclid|gclid|gbraid|wbraid|dclid|msclkid|mc_cid|mc_eid|igshid|ttclid|twclid|_ga|_gl)$/i

function cacheableRequest(req: ExpressRequest): boolean {
  if (req.method !== 'GET' || NOT_CACHED.test(req.path)) return false
  // Any other query (?month=..., ?x=...) may change the page, and would make every variant its own entry.
  const query = req.originalUrl.indexOf('?')
  if (query === -1) return true
  for (const name of new URLSearchParams(req.originalUrl.slice(query + 1)).keys()) if (!TRACKING_PARAMETER.test(name)) return false
  return true
}

/** Only a plain 200 page that sets no cookie and says nothing against sharing. */
function storable(response: Response): boolean {
  const cacheControl = response.headers.get('cache-control') ?? ''
  return (
    response.status === 200 &&
    (response.headers.get('content-type') ?? '').startsWith('text/html') &&
    !response.headers.has('set-cookie') &&
    !/private|no-store/.test(cacheControl)
  )
}

function makeEntry(response: Response, body: Buffer, placeholder: string, version: number): Entry {
  const page = compressAroundNonce(body, placeholder)
  return { version, at: Date.now(), status: response.status, headers: [...response.headers], nonceLength: Buffer.byteLength(placeholder), page }
}

function sendEntry(req: ExpressRequest, res: ExpressResponse, entry: Entry, nonce: string) {
  res.status(entry.status)
  for (const [name, value] of entry.headers) if (name !== 'content-length') res.append(name, value)
  res.vary('Accept-Encoding')
  const nonceBytes = Buffer.from(nonce)
  const gzip = nonceBytes.length === entry.nonceLength && acceptedEncodings(req.get('accept-encoding')).includes('gzip')
  if (gzip) res.setHeader('Content-Encoding', 'gzip')
  const chunks = gzip ? gzipWithNonce(entry.page, nonceBytes) : plainWithNonce(entry.page, nonceBytes)
  // The pieces as they are, not joined into one copy of the page: held back until the end, then one write to the socket.
  res.setHeader('Content-Length', chunks.reduce((sum, chunk) => sum + chunk.length, 0))
  res.cork()
  for (const chunk of chunks) res.write(chunk)
  res.end()
}

async function sendUncached(res: ExpressResponse, { response, placeholder }: Uncached, nonce: string) {
  res.status(response.status)
  for (const [name, value] of response.headers) if (name !== 'content-length') res.append(name, value)
  // The render used a placeholder nonce; this response has its own.
  res.end((await response.text()).replaceAll(placeholder, nonce))
}

/** The Fetch API request React Router renders `target` from (a GET: no body). */
function toFetchRequest(req: ExpressRequest, target: string): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v)
    else if (value !== undefined) headers.set(name, value)
  }
  // Pages take their absolute links from the site_url setting, not from Host: a Host that is
  // no valid URL authority renders as localhost rather than failing the request.
  let url: URL
  try {
    url = new URL(`${req.protocol}://${req.get('host')}${target}`)
  } catch {
    url = new URL(`http://localhost${target}`)
  }
  return new Request(url, { headers })
}
