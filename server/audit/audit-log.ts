import {
  AUDIT_PAGE_SIZE,
  BOOKING_AUDIT_LIMIT,
  type AuditEntryView,
  type AuditLogQuery,
  type AuditPage,
  type BookingAuditEntry,
} from '#common/audit-schema'
import type { Deps } from '../deps'

/** Reading the audit trail: newest first, filtered, a page at a time (the cursor is the last id seen). */
export function createAuditLog({ db, config }: Pick<Deps, 'db' | 'config'>) {
  async function list(q: AuditLogQuery): Promise<AuditPage> {
    const where: string[] = []
    const values: unknown[] = []
    const add = (clause: (n: string) => string, value: unknown) => {
      values.push(value)
      where.push(clause(`$${values.length}`))
    }
    if (q.entityType) add((n) => `entity_type = ${n}`, q.entityType)
    if (q.entityId) add((n) => `entity_id = ${n}`, q.entityId)
    if (q.userId) add((n) => `user_id = ${n}`, q.userId)
    // Days are the venue's days.
    if (q.from || q.to) values.push(config.venueTimezone)
    const zone = `$${values.length}`
    if (q.from) add((n) => `at >= (${n}::date::timestamp at time zone ${zone})`, q.from)
    if (q.to) add((n) => `at < ((${n}::date + 1)::timestamp at time zone ${zone})`, q.to)
    if (q.cursor) add((n) => `id < ${n}`, q.cursor)
    const limit = q.limit ?? AUDIT_PAGE_SIZE
    values.push(limit + 1)
    const { rows } = await db.$client.query<AuditEntryView & { at: Date; id: string }>(
      `select id, at, user_id as "userId", username, role, action, entity_type as "entityType", entity_id as "entityId",
           summary, before, after, address
         from audit_log ${where.length ? `where ${where.join(' and ')}` : ''}
         order by id desc limit $${values.length}`,
      values,
    )
    const page = rows.slice(0, limit).map((r) => ({ ...r, id: Number(r.id), at: new Date(r.at).toISOString() }))
    return { entries: page, nextCursor: rows.length > limit ? String(page.at(-1)!.id) : null }
  }

  return {
    list,

    /**
     * One booking's own entries, newest first, for its details dialog: open to
     * everyone who reads bookings (staff too), so without the request address,
     * which only the Audit Log (owners and managers) shows.
     */
    async ofBooking(id: number): Promise<BookingAuditEntry[]> {
      const { entries } = await list({ entityType: 'reservation', entityId: String(id), limit: BOOKING_AUDIT_LIMIT })
      return entries.map(({ address: _address, ...entry }) => entry)
    },
  }
}
export type AuditLog = ReturnType<typeof createAuditLog>
