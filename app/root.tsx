import frauncesLatin from '@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url'
import sourceSansLatin from '@fontsource-variable/source-sans-3/files/source-sans-3-latin-wght-normal.woff2?url'
import { lazy, Suspense, useEffect } from 'react'
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from 'react-router'
import type { Route } from './+types/root'
import markSvg from '../artwork/mark.svg?raw'
import appCss from './app.css?url'
import type AppProvidersComponent from './components/site/app-providers'
import { CONSENT_SCRIPT } from './lib/consent'
import { useNonce } from './lib/nonce'
import { withoutTrailingSlashes } from '#common/url'

/** The wheatsheaf mark as an inline SVG icon (no extra request). Browsers that ask for /favicon.ico or an
 *  Apple touch icon by name get files drawn from the same source (scripts/artwork.mjs). */
const FAVICON = `data:image/svg+xml,${encodeURIComponent(markSvg)}`

/** The stylesheet, and the two latin font files it uses preloaded, so text swaps early or not at all (CLS). */
export const links: Route.LinksFunction = () => [
  // With a precedence React emits the stylesheet ahead of the script preloads: it blocks the first paint.
  { rel: 'stylesheet', href: appCss, precedence: 'default' } as Route.LinkDescriptors[number],
  { rel: 'icon', type: 'image/svg+xml', href: FAVICON },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
  { rel: 'preload', href: sourceSansLatin, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'preload', href: frauncesLatin, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
]

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce()
  return (
    // The consent script below marks <html> before React hydrates it.
    <html lang="en-GB" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#2f4a34" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: CONSENT_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

/**
 * Pages that neither fetch through TanStack Query nor show toasts (or show them
 * through a PageToaster of their own). They skip
 * the providers, so their first load carries no TanStack Query and no Radix
 * toast (the JavaScript budget of /). Every other path, including any new
 * page and unknown paths, gets the providers.
 */
const LIGHT_PATHS = new Set([
  '/',
  '/menu',
  '/cocktails',
  '/christmas',
  '/private-hire',
  '/contact',
  '/privacy-policy',
  '/terms-conditions',
  '/cookies-policy',
  '/accessibility',
  // The events pages show toasts from the event dialog through a toaster of their own (PageToaster).
  '/events',
])
const isLightPath = (pathname: string) => {
  const path = withoutTrailingSlashes(pathname) || '/'
  return LIGHT_PATHS.has(path) || /^\/events\/[^/]+$/.test(path) || /^\/booking\/manage\/[^/]+$/.test(path)
}

type Providers = typeof AppProvidersComponent
let providers: Providers | null = null
const loadProviders = () => import('./components/site/app-providers').then((m) => (providers = m.default))
const LazyProviders = lazy(() => loadProviders().then((component) => ({ default: component })))

// The server, and a browser opening a page that needs them, load the providers
// before the first render: the HTML stays complete (no Suspense boundary, which
// React would stream out of order for large pages) and hydration matches it.
if (import.meta.env.SSR) await loadProviders()
else if (!isLightPath(window.location.pathname)) await loadProviders()

const INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart'] as const

/**
 * Fetches the providers once the guest points at, touches or tabs to a link to a
 * page that needs them (booking, sign-in), so the move there is instant, and not
 * during the page load, where they would be 35 KB of script the page never runs.
 * Returns the clean-up.
 */
function prefetchProvidersOnIntent(): () => void {
  const stop = () => INTENT_EVENTS.forEach((name) => document.removeEventListener(name, onIntent))
  function onIntent(event: Event) {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin || isLightPath(link.pathname)) return
    stop()
    void loadProviders()
  }
  INTENT_EVENTS.forEach((name) => document.addEventListener(name, onIntent, { passive: true }))
  return stop
}

export default function App() {
  const { pathname } = useLocation()
  const light = isLightPath(pathname)
  // Marks the page interactive (root effects run after the page's own), for tests and diagnostics.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  useEffect(() => {
    if (light && !providers) return prefetchProvidersOnIntent()
  }, [light])

  if (light) return <Outlet />
  if (providers) {
    const AppProviders = providers
    return (
      <AppProviders>
        <Outlet />
      </AppProviders>
    )
  }
  // A client-side move to such a page before the prefetch finished.
  return (
    <Suspense fallback={null}>
      <LazyProviders>
        <Outlet />
      </LazyProviders>
    </Suspense>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return (
    <main className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="text-3xl font-bold">{notFound ? '404 Page Not Found' : 'Something went wrong'}</h1>
      <p className="mt-4 text-muted-foreground">
        {notFound ? 'The page you are looking for does not exist.' : 'Please try again in a moment.'}
      </p>
      <a className="mt-8 inline-block underline" href="/">
        Back to the home page
      </a>
    </main>
  )
}
