import crypto from 'node:crypto'
import type { RequestHandler } from 'express'
import helmet from 'helmet'

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
  const api = Object.entries(apiHeaders(options))
  return (req, res, next) => {
    if (req.path.startsWith('/api/') || req.path === '/api') {
      for (const [name, value] of api) res.setHeader(name, value)
      return next()
    }
    res.locals.cspNonce = crypto.randomBytes(16).toString('base64')
    pages(req, res, next)
  }
}

const HSTS_MAX_AGE = 15552000 // 180 days

function apiHeaders({ dev }: { dev: boolean }): Record<string, string> {
  return {
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    ...(dev ? {} : { 'Strict-Transport-Security': `max-age=${HSTS_MAX_AGE}; includeSubDomains` }),
  }
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
    hsts: !options.dev ? { maxAge: HSTS_MAX_AGE, includeSubDomains: true } : false,
  })
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses unsafe `/api` requests sent by another site (a cross-site form post
 * or fetch riding on the staff session cookie).
 */
export const sameOriginOnly: RequestHandler = (req, res, next) => {
  if (SAFE_METHODS.has(req.method)) return next()
  const refuse = () => res.status(403).json({ message: 'Cross-site requests are not allowed' })
  // Browsers that send Sec-Fetch-Site say exactly where a request came from. (A form
  // posted under a strict referrer policy carries `Origin: null`, so Origin alone can mislead.)
  const site = req.get('sec-fetch-site')
  if (site) return site === 'same-origin' || site === 'none' ? next() : refuse()
  // Otherwise the Origin header, when there is one, must be this host.
  const origin = req.get('origin')
  if (origin === undefined) return next()
  try {
    if (origin !== 'null' && new URL(origin).host === req.get('host')) return next()
  } catch {
    // A malformed Origin is refused below.
  }
  refuse()
}
