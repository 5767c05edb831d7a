import type { Deps } from '../deps'

/** How long an Idempotency-Key is honoured after its booking (as Stripe does). */
const IDEMPOTENCY_KEY_HOURS = 24

export type HousekeepingResult = { rateLimits: number; sessions: number; idempotencyKeys: number }

/**
 * Deletes what has expired: rate-limit windows that have ended, sessions past
 * their expiry, and idempotency keys older than a day. Each statement is
 * idempotent, so two app instances running it at once do no harm.
 */
export function createHousekeeping({ db, clock }: Pick<Deps, 'db' | 'clock'>) {
  return {
    async run(): Promise<HousekeepingResult> {
      const now = clock.now()
      const q = (text: string) => db.$client.query(text, [now])
      const [rateLimits, sessions, reservationKeys, storedKeys] = await Promise.all([
        q('delete from rate_limits where reset_at <= $1'),
        // connect-pg-simple writes `expire` as a timestamp without zone in the server's zone.
        q('delete from session where expire < $1::timestamptz'),
        q(`update reservations set idempotency_key = null, idempotency_fingerprint = null
           where idempotency_key is not null and created_at <= $1::timestamptz - interval '${IDEMPOTENCY_KEY_HOURS} hours'`),
        q(`delete from idempotency_keys where created_at <= $1::timestamptz - interval '${IDEMPOTENCY_KEY_HOURS} hours'`),
      ])
      return {
        rateLimits: rateLimits.rowCount ?? 0,
        sessions: sessions.rowCount ?? 0,
        idempotencyKeys: (reservationKeys.rowCount ?? 0) + (storedKeys.rowCount ?? 0),
      }
    },
  }
}
export type Housekeeping = ReturnType<typeof createHousekeeping>
