import { PassThrough } from 'node:stream'
import { renderToPipeableStream } from 'react-dom/server'
import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router'
import { isRouteErrorResponse, ServerRouter } from 'react-router'
import { hydrateAfterFirstPaint } from './lib/after-first-paint.server'
import { NonceProvider } from './lib/nonce'

export const streamTimeout = 5_000

/**
 * Errors of loaders and actions, logged as React Router does, except a
 * client's mistake it answers itself (a POST to a page without an action is
 * 405): a script posting to every page would otherwise fill the log with stack traces.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return
  console.error(isRouteErrorResponse(error) && (error as { error?: unknown }).error ? (error as { error?: unknown }).error : error)
}

/** Server rendering; every inline script carries the request's CSP nonce. */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce
  return new Promise((resolve, reject) => {
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true
        },
        // Every visitor gets the whole document at once, rendered in order (30-60 KB; the page cache
        // keeps it whole anyway), so that its hydration script can be rewritten to start after the
        // first paint. Streaming the shell first would only make the buffered HTML out of order.
        onAllReady() {
          const body = new PassThrough()
          let html = ''
          body.setEncoding('utf8')
          body.on('data', (chunk: string) => (html += chunk))
          body.on('end', () => {
            responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
            resolve(
              new Response(hydrateAfterFirstPaint(html), { headers: responseHeaders, status: responseStatusCode }),
            )
          })
          body.on('error', reject)
          pipe(body)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) console.error(error)
        },
      },
    )
    setTimeout(abort, streamTimeout + 1000)
  })
}
