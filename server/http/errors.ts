import type { ErrorRequestHandler, RequestHandler } from 'express'
import { ZodError } from 'zod'
import { isDatabaseUnavailable } from '../db/unavailable'
import { DomainError, TooManyRequestsError, type DomainErrorKind } from '../domain-errors'

// Routers and middleware throw these too; services import them from server/domain-errors.ts.
export { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError, ValidationError } from '../domain-errors'

/** The one place a domain error's kind becomes an HTTP status. */
const STATUS_OF: Record<DomainErrorKind, number> = {
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  gone: 410,
  conflict: 409,
  unprocessable: 422,
  too_many_requests: 429,
}

/** An error of the HTTP layer (a router, a middleware, an upload) with its status and a message safe to show the user. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
    /** A machine-readable reason beside the message, for answers a client acts on (`over_capacity`). */
    readonly code?: string,
  ) {
    super(message)
  }
}

export type ErrorBody = {
  message: string
  errors?: Record<string, string>
  code?: string
  /** A save over a newer version (StaleVersionError, server/audit/versions.ts): the record as it is now. */
  current?: unknown
}

/** What any request answers while the database cannot be reached: nothing was done, try again. */
export const UNAVAILABLE_MESSAGE = 'We cannot take requests for a moment. Please try again shortly.'
/** Seconds a client is asked to wait before trying again while the database is away. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5

/** What a JSON or form body over its parser's limit answers (413). */
export const REQUEST_TOO_LARGE_MESSAGE = 'Request body too large'

/** What a write refused by a full disk answers: plain words, no path, nothing half-saved. */
export const OUT_OF_SPACE_MESSAGE = 'The server is out of disk space. The file was not saved.'

/**
 * Whether an error means the disk (or the user's quota) is full: a Node
 * system error carries the code, libvips (sharp) only says it in its message.
 */
export function isOutOfSpace(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown }
  if (e?.code === 'ENOSPC' || e?.code === 'EDQUOT') return true
  return typeof e?.message === 'string' && /No space left on device|Disk quota exceeded/i.test(e.message)
}

/** Field messages of a zod error, one per field, keyed by the dotted path. */
export function zodFieldErrors(error: ZodError): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_'
    errors[key] ??= issue.message
  }
  return errors
}

function toErrorBody(error: unknown): { status: number; body: ErrorBody } | undefined {
  if (error instanceof ZodError) {
    const errors = zodFieldErrors(error)
    return { status: 400, body: { message: Object.values(errors)[0] ?? 'Invalid request', errors } }
  }
  if (error instanceof HttpError || error instanceof DomainError) {
    const body: ErrorBody = { message: error.message }
    if (error.errors) body.errors = error.errors
    if (error.code) body.code = error.code
    if ('current' in error) body.current = error.current
    return { status: error instanceof HttpError ? error.status : STATUS_OF[error.kind], body }
  }
  if (isDatabaseUnavailable(error)) return { status: 503, body: { message: UNAVAILABLE_MESSAGE } }
  // 507 Insufficient Storage: the request was fine, the server cannot keep what it sent.
  if (isOutOfSpace(error)) return { status: 507, body: { message: OUT_OF_SPACE_MESSAGE } }
  const e = error as { type?: string; status?: number; code?: string }
  if (e?.type === 'entity.parse.failed') return { status: 400, body: { message: 'Malformed JSON in request body' } }
  // A JSON or form body over the parser's limit is not a file: staff and scripts are told what was too large.
  if (e?.type === 'entity.too.large') return { status: 413, body: { message: REQUEST_TOO_LARGE_MESSAGE } }
  if (e?.code === 'LIMIT_FILE_SIZE') return { status: 413, body: { message: 'File too large' } }
  if (e?.type === 'encoding.unsupported' || e?.type === 'charset.unsupported') {
    return { status: 415, body: { message: 'Unsupported request encoding' } }
  }
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) {
    return { status: e.status, body: { message: 'Bad request' } }
  }
  // A value PostgreSQL refused (a data exception caused by input): the schemas should have caught it first.
  if (isDataException(error)) return { status: 400, body: { message: 'The request holds a value that cannot be stored' } }
  return undefined
}

/** The status an error answers with (500 for one this module does not know): what a test calling a service directly compares. */
export function statusOf(error: unknown): number {
  return toErrorBody(error)?.status ?? 500
}

/** PostgreSQL's refusals of a value sent to it: too long, out of range, unreadable, or holding a NUL. */
const INPUT_DATA_EXCEPTIONS = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05'])

function isDataException(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { code?: unknown } }
  const code = typeof e?.code === 'string' ? e.code : e?.cause?.code
  return typeof code === 'string' && INPUT_DATA_EXCEPTIONS.has(code)
}

/** The one place where errors become responses: `{ message, errors? }`. */
export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const known = toErrorBody(error)
  if (res.headersSent) {
    res.end()
    return
  }
  if (known) {
    // Client errors are the one request line the log already writes; this one means a schema missed something.
    if (isDataException(error)) req.log?.warn({ code: (error as { code?: string }).code, url: req.originalUrl }, 'Database refused a value')
    // Staff only see "out of disk space": whoever runs the server needs to hear it too.
    if (known.status === 507) req.log?.error({ err: error, url: req.originalUrl }, 'Disk full: a file was not saved')
    if (error instanceof TooManyRequestsError) res.set('Retry-After', String(error.retryAfterSeconds))
    if (known.status === 503) {
      res.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
      req.log?.warn({ err: error, url: req.originalUrl }, 'Database unavailable: answered 503')
    }
    res.status(known.status).json(known.body)
    return
  }
  req.log?.error({ err: error }, 'Unhandled error')
  res.status(500).json({ message: 'Something went wrong on our side. Please try again.', requestId: req.id })
}

/** Unknown `/api` paths answer JSON, never the HTML 404 page. */
export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ message: 'Not found' })
}
