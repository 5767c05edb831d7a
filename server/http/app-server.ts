import http from 'node:http'
import type { Socket } from 'node:net'
import type { Express } from 'express'

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
export function createAppServer(app: Express): http.Server {
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
    },
    app,
  )
}
