import type { RequestHandler } from 'express'

const isHostChar = (c: number) =>
  (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2e || c === 0x5f

/** A Host value: a name or IPv4 address with an optional port, or a bracketed IPv6 address with one. */
export function isHostHeader(value: string): boolean {
  if (value.length === 0 || value.length > 270) return false
  let rest = value
  if (rest.startsWith('[')) {
    const close = rest.indexOf(']')
    if (close < 3) return false
    for (const ch of rest.slice(1, close)) if (!/[\da-f:.]/i.test(ch)) return false
    rest = rest.slice(close + 1)
    if (rest === '') return true
    return rest.startsWith(':') && isPort(rest.slice(1))
  }
  const colon = rest.indexOf(':')
  const name = colon === -1 ? rest : rest.slice(0, colon)
  if (name.length === 0) return false
  for (let i = 0; i < name.length; i++) if (!isHostChar(name.charCodeAt(i))) return false
  return colon === -1 || isPort(rest.slice(colon + 1))
}

function isPort(value: string): boolean {
  return value.length >= 1 && value.length <= 5 && [...value].every((d) => d >= '0' && d <= '9') && Number(value) <= 65535
}

/**
 * The methods the app answers. Node's parser takes many more (TRACE, CONNECT,
 * WebDAV's PROPFIND…), and the page handler could not even build a Fetch API
 * request from some of them (undici refuses TRACE, TRACK and CONNECT), which
 * ended in 500.
 */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/**
 * Answers before any handler: 405 to a method the app never takes; 400 to a
 * request whose target is not a path (an absolute-form or `*` request line)
 * or whose Host is missing or malformed: the page handler builds the page's
 * URL from them.
 */
export const wellFormedRequest: RequestHandler = (req, res, next) => {
  if (!METHODS.has(req.method)) {
    res.status(405).set({ Allow: [...METHODS].join(', '), Connection: 'close' }).json({ message: 'Method not allowed' })
    return
  }
  const host = req.host
  if (req.url.startsWith('/') && typeof host === 'string' && isHostHeader(host)) return next()
  res.status(400).set('Connection', 'close').json({ message: 'Bad request' })
}
