import type { Deps } from '../deps'

/** How long an Idempotency-Key is honoured after its booking (as Stripe does). */
const IDEMPOTENCY_KEY_HOURS = 24

/** How long a party in the walk-in queue keeps its name, phone and notes: the night's business, and a week to look back. */
export const QUEUE_NAMES_DAYS = 7

/** How long the audit log is kept, in months, unless the `audit_retention_months` setting says otherwise. */
export const AUDIT_RETENTION_MONTHS_DEFAULT = 24
export const AUDIT_RETENTION_SETTING = 'audit_retention_months'

export type HousekeepingResult = { rateLimits: number; sessions: number; idempotencyKeys: number; auditRows: number; passwordLinks: number; queueEntries: number }

/**
 * Deletes what has expired: rate-limit windows that have ended, sessions past
 * their expiry, idempotency keys older than a day, password links a day past
 * their expiry, audit rows older than the retention setting (through the
 * one function the audit log's trigger lets delete), and the names, phones
 * and notes of walk-in queue parties a week old (their numbers stay). Each statement is
 * idempotent, so two app instances running it at once do no harm.
 */
export function createHousekeeping({ db, clock }: Pick<Deps, 'db' | 'clock'>) {
  return {
    async run(): Promise<HousekeepingResult> {
      const now = clock.now()
      const q = (text: string) => db.$client.query(text, [now])
      const [rateLimits, sessions, reservationKeys, storedKeys, auditRows, passwordLinks, queueEntries] = await Promise.all([
        q('delete from rate_limits where reset_at <= $1'),
        // connect-pg-simple writes `expire` as a timestamp without zone in the server's zone.
        q('delete from session where expire < $1::timestamptz'),
        q(`update reservations set idempotency_key = null, idempotency_fingerprint = null
           where idempotency_key is not null and created_at <= $1::timestamptz - interval '${IDEMPOTENCY_KEY_HOURS} hours'`),
        q(`delete from idempotency_keys where created_at <= $1::timestamptz - interval '${IDEMPOTENCY_KEY_HOURS} hours'`),
        q(`select audit_log_delete_before($1::timestamptz - make_interval(months => coalesce(
             (select case when setting_value ~ '^[0-9]{1,3}$' then setting_value::int end from site_settings where setting_key = '${AUDIT_RETENTION_SETTING}'),
             ${AUDIT_RETENTION_MONTHS_DEFAULT}))) as n`),
        q(`delete from password_reset_tokens where expires_at <= $1::timestamptz - interval '1 day'`),
        q(`update walk_in_queue set name = 'Walk-in', phone = '', notes = ''
           where created_at <= $1::timestamptz - interval '${QUEUE_NAMES_DAYS} days' and (name <> 'Walk-in' or phone <> '' or notes <> '')`),
      ])
      return {
        rateLimits: rateLimits.rowCount ?? 0,
        sessions: sessions.rowCount ?? 0,
        idempotencyKeys: (reservationKeys.rowCount ?? 0) + (storedKeys.rowCount ?? 0),
        auditRows: (auditRows.rows[0] as { n: number } | undefined)?.n ?? 0,
        passwordLinks: passwordLinks.rowCount ?? 0,
        queueEntries: queueEntries.rowCount ?? 0,
      }
    },
  }
}
export type Housekeeping = ReturnType<typeof createHousekeeping>
