import type { Request, RequestHandler, Response } from 'express'
import helmet from 'helmet'
import { freshNonce } from './nonce'

const PIXEL_SCRIPT_HOST = 'https://connect.facebook.net'
const PIXEL_IMG_HOST = 'https://www.facebook.com'

/**
 * Security headers. Pages get Helmet with an enforced, nonce-based
 * Content-Security-Policy (a fresh nonce per request for the scripts SSR
 * writes inline; the pixel's hosts only when a pixel id is configured).
 * `/api` answers are JSON that no browser should render or frame: they get a
 * fixed, stricter set worked out once, which keeps the busiest endpoints
 * free of per-request header building.
 */
export function securityHeaders(options: { pixel: boolean; dev: boolean }): RequestHandler {
  const pages = pageHeaders(options)
  const files = Object.entries(FILE_HEADERS)
  return (req, res, next) => {
    if (req.path.startsWith('/api/') || req.path === '/api') {
      setApiHeaders(req, res, options.dev)
      return next()
    }
    if (req.secure && !options.dev) res.setHeader('Strict-Transport-Security', HSTS)
    // Scripts, styles, fonts and artwork are never documents: a page's policy (a kilobyte of
    // headers) means nothing on them, and a first visit fetches a dozen.
    if (STATIC_FILES.test(req.path) || TOUCH_ICON_NAMES.test(req.path)) {
      for (const [name, value] of files) res.setHeader(name, value)
      return next()
    }
    res.locals.cspNonce = freshNonce()
    pages(req, res, next)
  }
}

const HSTS = 'max-age=15552000; includeSubDomains' // 180 days

/** The touch icon's names: `/apple-touch-icon.png`, with a size (`-120x120`), "-precomposed", or both (index.ts answers them all with its file). */
export const TOUCH_ICON_NAMES = /^\/apple-touch-icon(?:-\d{2,3}x\d{2,3})?(?:-precomposed)?\.png$/
/** The build's hashed files, the site's artwork and its icons (public/); not /uploads: see media/serve.ts. */
const STATIC_FILES = /^\/(?:assets\/|images\/|favicon\.ico$)/
const FILE_HEADERS = { 'X-Content-Type-Options': 'nosniff', 'Cross-Origin-Resource-Policy': 'same-origin' }

const API_HEADERS = Object.entries({
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
})

/** The fixed security headers of an `/api` answer (and HSTS over HTTPS); also used by answers served before this middleware. */
export function setApiHeaders(req: Request, res: Response, dev: boolean) {
  // HSTS only means something over HTTPS (RFC 6797 says to ignore it on plain HTTP).
  if (req.secure && !dev) res.setHeader('Strict-Transport-Security', HSTS)
  for (const [name, value] of API_HEADERS) res.setHeader(name, value)
}

function pageHeaders(options: { pixel: boolean; dev: boolean }): RequestHandler {
  const scriptSrc = ["'self'", (_req: unknown, res: unknown) => `'nonce-${(res as { locals: { cspNonce: string } }).locals.cspNonce}'`]
  const imgSrc = ["'self'", 'data:', 'blob:']
  const connectSrc = ["'self'"]
  if (options.pixel) {
    scriptSrc.push(PIXEL_SCRIPT_HOST)
    imgSrc.push(PIXEL_IMG_HOST)
    connectSrc.push(PIXEL_IMG_HOST, PIXEL_SCRIPT_HOST)
  }
  if (options.dev) connectSrc.push('ws:', 'wss:')
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      reportOnly: options.dev,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc,
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc,
        fontSrc: ["'self'", 'data:'],
        connectSrc,
        frameSrc: ["'self'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
      },
    },
    crossOriginEmbedderPolicy: false,
    // Same-origin frames are needed for the PDF menu viewer.
    frameguard: { action: 'sameorigin' },
    // Full referrers stay on this site; other sites see only the origin.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Set above, and only over HTTPS.
    hsts: false,
  })
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** This request's own origin, scheme included ('https://pub.example'; the proxy's view with TRUST_PROXY). */
const ownOrigin = (req: Request) => `${req.protocol}://${req.host}`

const originOf = (url: string): string | undefined => {
  try {
    return new URL(url).origin
  } catch {
    return undefined
  }
}

/**
 * Whether a request was sent by a browser: it carries cookies (the only way
 * a cross-site request can act as staff) or says it is one.
 */
const isBrowserRequest = (req: Request) => Boolean(req.headers.cookie) || /\bMozilla\//.test(req.get('user-agent') ?? '')

/**
 * Refuses unsafe `/api` requests sent by another site (a cross-site form post
 * or fetch riding on the staff session cookie). Browsers send Sec-Fetch-Site or
 * Origin with every such request; one that sends neither is refused, while a
 * cookie-less script (curl, a server-side integration) cannot be a forgery.
 */
export const sameOriginOnly: RequestHandler = (req, res, next) => {
  if (SAFE_METHODS.has(req.method)) return next()
  const refuse = () => res.status(403).json({ message: 'Cross-site requests are not allowed' })
  // Browsers that send Sec-Fetch-Site say exactly where a request came from. (A form
  // posted under a strict referrer policy carries `Origin: null`, so Origin alone can mislead.)
  const site = req.get('sec-fetch-site')
  if (site) return site === 'same-origin' || site === 'none' ? next() : refuse()
  const origin = req.get('origin')
  if (origin === undefined) return isBrowserRequest(req) ? refuse() : next()
  // The whole origin must match: an https page may not post to http, nor a sibling host.
  if (origin !== 'null' && originOf(origin) === ownOrigin(req)) return next()
  refuse()
}

/**
 * Whether a GET was a navigation from another site (a link or redirect there),
 * by Sec-Fetch-Site, or by the Referer where a browser does not send that.
 */
export function isCrossSiteNavigation(req: Request): boolean {
  const site = req.get('sec-fetch-site')
  if (site) return site !== 'same-origin' && site !== 'none'
  const referer = req.get('referer')
  return referer !== undefined && originOf(referer) !== ownOrigin(req)
}
