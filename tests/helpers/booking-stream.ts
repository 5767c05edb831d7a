// A stream of table bookings against a running server, for the fault tests: each booking has its
// own slot, email, client address and Idempotency-Key, and what the server answered is recorded.
import crypto from 'node:crypto'
import pg from 'pg'
import { guestBooking } from './guest-booking'

export type Slot = { date: string; startTime: string }

/** One booking as sent, and what came back (nothing, when the connection died first). */
export type Attempt = { key: string; body: Record<string, unknown>; ip: string; status?: number; id?: number; error?: string }

const REQUEST_TIMEOUT_MS = 15_000
const FAILURE_PAUSE_MS = 250
let sent = 0

/** Open slots for two, one per (date, time), from the app's own availability, over the coming weeks. */
export async function openSlots(url: string, count: number): Promise<Slot[]> {
  const slots: Slot[] = []
  for (let day = 2; slots.length < count && day < 120; day++) {
    const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10)
    const times = (await (await fetch(`${url}/api/availability/slots/${date}`)).json()) as { startTime: string }[]
    for (const { startTime } of times) slots.push({ date, startTime })
  }
  if (slots.length < count) throw new Error(`Only ${slots.length} open slots, ${count} needed`)
  return slots.slice(0, count)
}

/** A booking for one slot, with an email and client address no other booking of the run has. */
export function attemptFor(slot: Slot, run: string): Attempt {
  const n = ++sent
  return {
    key: `fault-${run}-${n}-${crypto.randomBytes(4).toString('hex')}`,
    ip: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    // Each guest with a phone of their own (guestBooking's): one phone holds at most a few bookings of a date.
    body: guestBooking({ name: `Fault Guest ${n}`, email: `fault-${run}-${n}@example.com`, ...slot }),
  }
}

/** Sends one booking (again, with the same key, when it is a retry) and records the answer on it. */
export async function send(url: string, attempt: Attempt): Promise<Attempt> {
  delete attempt.status
  delete attempt.error
  try {
    const res = await fetch(`${url}/api/reservations`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': attempt.key, 'X-Forwarded-For': attempt.ip },
      body: JSON.stringify(attempt.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
    attempt.status = res.status
    const answer = (await res.json().catch(() => ({}))) as { id?: number; message?: string }
    if (res.status === 201) attempt.id = answer.id
    else attempt.error = answer.message
  } catch (error) {
    attempt.error = String((error as Error).cause ?? error)
  }
  return attempt
}

/**
 * Books `slots` in turn, `concurrency` requests in flight at once, until the
 * slots run out or `stop` is called; a lane whose booking failed waits a moment. Attempts (with their answers) are in
 * `attempts` in the order they were sent.
 */
export function streamBookings(url: string, slots: Slot[], { concurrency = 8, run = 'stream', pauseMs = 0 } = {}) {
  const attempts: Attempt[] = []
  let stopped = false
  let next = 0
  const lane = async () => {
    while (!stopped && next < slots.length) {
      const attempt = attemptFor(slots[next++]!, run)
      attempts.push(attempt)
      await send(url, attempt)
      // A guest whose booking failed does not try again at once: nor does this lane.
      const pause = attempt.status === 201 ? pauseMs : FAILURE_PAUSE_MS
      if (pause) await new Promise((r) => setTimeout(r, pause))
    }
  }
  const lanes = Promise.all(Array.from({ length: concurrency }, lane))
  return {
    attempts,
    acknowledged: () => attempts.filter((a) => a.status === 201),
    /** Sends no more, and waits for those in flight to be answered (or to fail). */
    stop: async () => {
      stopped = true
      await lanes
    },
    finished: lanes,
  }
}

/** Waits until `check` is true, polling. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** The stream's bookings as the database holds them: id and email, by email. */
export async function bookingsInDatabase(databaseUrl: string, run: string) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ id: number; email: string; idempotency_key: string | null }>(
      `select id, email, idempotency_key from reservations where email like $1 order by id`,
      [`fault-${run}-%`],
    )
    return rows
  } finally {
    await client.end()
  }
}

/** Emails held by more than one booking. */
export function duplicatedEmails(rows: { email: string }[]): string[] {
  const seen = new Map<string, number>()
  for (const { email } of rows) seen.set(email, (seen.get(email) ?? 0) + 1)
  return [...seen].filter(([, n]) => n > 1).map(([email]) => email)
}
