import http from 'node:http'
import type { Socket } from 'node:net'
import type { Express } from 'express'
import { HEADERS_DEADLINE_MS, UPLOAD_BODY_DEADLINE_MS } from './body-deadline'

/**
 * The HTTP server for the Express app, whose requests and responses are made
 * with Express's request and response prototypes from the start (issue 16).
 *
 * Express gives every request and response its prototypes as it starts to
 * handle them (`Object.setPrototypeOf` in `app.handle`). V8 then moves each
 * object to a new hidden class, and the property reads that follow, by Node
 * and by Express, meet objects of more shapes than they were optimised for.
 * Made here with those prototypes already, the objects keep one shape, and
 * Express's `setPrototypeOf` to the prototype they already have changes
 * nothing. Everything else is as `app.listen` does it.
 */
export function createAppServer(app: Express, { headersTimeoutMs = HEADERS_DEADLINE_MS } = {}): http.Server {
  // Node's constructors are plain functions, so they can initialise an object made with another prototype.
  function AppRequest(this: http.IncomingMessage, socket: Socket) {
    Reflect.apply(http.IncomingMessage, this, [socket])
  }
  AppRequest.prototype = app.request
  function AppResponse(this: http.ServerResponse, req: http.IncomingMessage, options?: unknown) {
    Reflect.apply(http.ServerResponse, this, [req, options])
  }
  AppResponse.prototype = app.response
  return http.createServer(
    {
      IncomingMessage: AppRequest as unknown as typeof http.IncomingMessage,
      ServerResponse: AppResponse as unknown as typeof http.ServerResponse,
      // Slow headers are cut here; slow bodies by the app (body-deadline.ts: 30 s, staff uploads
      // longer), which Node's requestTimeout, one figure for every request, only backs up.
      headersTimeout: headersTimeoutMs,
      requestTimeout: UPLOAD_BODY_DEADLINE_MS + 60_000,
      // How often Node looks for connections past those figures (30 s by default, which would let
      // slow headers hold a connection for up to 40 s).
      connectionsCheckingInterval: Math.min(2_000, headersTimeoutMs / 2),
    },
    app,
  )
}
