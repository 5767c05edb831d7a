/**
 * Fetch helpers of SPEC.md section 7: every call sends credentials, and a
 * non-success response becomes an error whose message is
 * '{status}: {body text or status text}'.
 */
import { LIVE_MESSAGES, OFFLINE_CODE, SIGNED_OUT_CODE, SIGNED_OUT_MESSAGES } from '#common/live-messages'
import { hasSessionEnded, sessionEnded } from './staff-session'

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message)
  }

  /** The server's `{ message }` when it sent one, else the whole error line. */
  get serverMessage(): string {
    const b = this.body as { message?: unknown } | null
    return typeof b?.message === 'string' ? b.message : this.message
  }

  /** The server's machine-readable `code` (such as 'over_capacity'), when it sent one. */
  get code(): string | undefined {
    const b = this.body as { code?: unknown } | null
    return typeof b?.code === 'string' ? b.code : undefined
  }

  /** The server's messages per field, when it sent them. */
  get fieldErrors(): Record<string, string> {
    const b = this.body as { errors?: unknown } | null
    return b?.errors && typeof b.errors === 'object' ? (b.errors as Record<string, string>) : {}
  }
}

/** Throws an ApiError for a non-success answer (SPEC.md section 8's '{status}: {text}'). */
export async function throwIfNotOk(res: Response) {
  if (res.ok) return
  const text = (await res.text()) || res.statusText
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // A plain-text body stays as it is.
  }
  throw new ApiError(res.status, `${res.status}: ${text}`, body)
}

// Whether the back-office has lost the server (its live channel says so: app/lib/live.ts).
let backOfficeOffline = false

/** Set by the live channel: while it is down, back-office changes are refused at once instead of hanging or being lost. */
export function setBackOfficeOffline(offline: boolean) {
  backOfficeOffline = offline
}
export const isBackOfficeOffline = () => backOfficeOffline

/** The refusal of a change made while offline: status 0, the message staff read, code 'offline'. */
export function offlineRefusal(): ApiError {
  return new ApiError(0, LIVE_MESSAGES.offlineRefused, { message: LIVE_MESSAGES.offlineRefused, code: OFFLINE_CODE })
}

/** The refusal of a staff call once the session has ended: status 401, the message staff read, code 'signed_out'. */
export function signedOutRefusal(): ApiError {
  return new ApiError(401, SIGNED_OUT_MESSAGES.refused, { message: SIGNED_OUT_MESSAGES.refused, code: SIGNED_OUT_CODE })
}

const isBackOfficeCall = (url: string) => url.startsWith('/api/admin/')
const isBackOfficeWrite = (method: string, url: string) => method.toUpperCase() !== 'GET' && isBackOfficeCall(url)

/**
 * A staff call answered 401: the session ended under the screen (app/lib/staff-session.ts). Reported, and
 * refused in words staff can act on rather than 'Unauthorized'; a change tried asks them to sign in again.
 */
function refuseSignedOut(write: boolean): never {
  sessionEnded({ ask: write })
  throw signedOutRefusal()
}

/** Set by the back-office, which counts its changes until they are answered (app/components/admin/leave-guard.ts). */
export const backOfficeWrites: { track?: <T>(request: Promise<T>) => Promise<T> } = {}

export async function apiRequest<T = unknown>(
  method: string,
  url: string,
  data?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const write = isBackOfficeWrite(method, url)
  if (write && backOfficeOffline) throw offlineRefusal()
  // Signed out: not sent (it would be refused), and staff are asked to sign in again.
  if (write && hasSessionEnded()) refuseSignedOut(true)
  const sent = fetch(url, {
    method,
    credentials: 'include',
    headers: data !== undefined ? { 'Content-Type': 'application/json', ...headers } : headers,
    body: data !== undefined ? JSON.stringify(data) : undefined,
  }).catch((error: unknown) => {
    // No answer at all (the network is gone): the change was not saved, and staff are told so in those words.
    throw write && error instanceof TypeError ? offlineRefusal() : error
  })
  const res = await (write && backOfficeWrites.track ? backOfficeWrites.track(sent) : sent)
  if (res.status === 401 && isBackOfficeCall(url)) refuseSignedOut(write)
  await throwIfNotOk(res)
  const text = await res.text()
  return (text ? JSON.parse(text) : null) as T
}

/** A GET query; with `on401: 'returnNull'` a 401 gives null instead of throwing. */
export async function getJson<T>(url: string, options: { on401?: 'throw' | 'returnNull' } = {}): Promise<T | null> {
  const res = await fetch(url, { credentials: 'include' })
  if (options.on401 === 'returnNull' && res.status === 401) return null
  if (res.status === 401 && isBackOfficeCall(url)) refuseSignedOut(false)
  await throwIfNotOk(res)
  return (await res.json()) as T
}
