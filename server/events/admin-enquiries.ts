import { and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm'
import { EVENT_MESSAGES as M, type AdminEnquiry, type EnquiryCounts, type EnquiryPatch } from '#common/event-schema'
import { audit, changedFields, type Actor } from '../audit/audit'
import { staleVersion } from '../audit/versions'
import type { Db, DbOrTx } from '../db/client'
import { eventEnquiries, events, reservations, type EventEnquiry } from '../db/schema'
import type { Clock, Deps } from '../deps'
import { NotFoundError } from '../domain-errors'

type Booking = AdminEnquiry['booking']

const toAdminEnquiry = (row: EventEnquiry & { booking: Booking; eventStart: AdminEnquiry['eventStart'] }): AdminEnquiry => ({
  ...row,
  createdAt: new Date(row.createdAt).toISOString(),
  updatedAt: new Date(row.updatedAt).toISOString(),
})

/** The booking made from an enquiry, as the card shows it ('Booked: Sat 5 Dec, 7:00 PM'). */
const booking = sql<Booking>`case when ${reservations.id} is null then null else json_build_object(
  'id', ${reservations.id}, 'date', ${reservations.date}, 'startTime', ${reservations.startTime}, 'status', ${reservations.status}) end`

/** The event's own date and time (the enquiry keeps them in words), for the booking form 'Make a booking' fills. */
const eventStart = sql<AdminEnquiry['eventStart']>`case when ${events.id} is null then null else json_build_object('date', ${events.date}, 'time', ${events.time}) end`

/**
 * The staff side of event enquiries (SPEC.md section 2, Event Enquiries):
 * list, set a status, write notes (at the version they were read at), delete,
 * and the count of new ones for the sidebar. 'Make a booking' links an
 * enquiry to its booking in the booking's transaction (enquiry-booking.ts).
 */
export function createAdminEnquiries({ db, clock, config }: { db: Db; clock: Clock; config: Pick<Deps['config'], 'venueTimezone'> }) {
  const select = (tx: DbOrTx) =>
    tx
      .select({ ...getTableColumns(eventEnquiries), booking, eventStart })
      .from(eventEnquiries)
      .leftJoin(reservations, eq(reservations.id, eventEnquiries.reservationId))
      .leftJoin(events, eq(events.id, eventEnquiries.eventId))

  async function find(tx: DbOrTx, id: number): Promise<AdminEnquiry> {
    const [row] = await select(tx).where(eq(eventEnquiries.id, id))
    if (!row) throw new NotFoundError(M.enquiryNotFound)
    return toAdminEnquiry(row)
  }

  return {
    /** Every enquiry, newest first (the panel filters and sorts them), each with its booking if it has one. */
    async list(): Promise<AdminEnquiry[]> {
      const rows = await select(db).orderBy(desc(eventEnquiries.createdAt), desc(eventEnquiries.id))
      return rows.map(toAdminEnquiry)
    },

    /** The sidebar's count: enquiries nobody has acted on yet (still 'pending'). */
    async counts(): Promise<EnquiryCounts> {
      const [row] = await db.select({ pending: count() }).from(eventEnquiries).where(eq(eventEnquiries.status, 'pending'))
      return { pending: row?.pending ?? 0 }
    },

    /**
     * A status (staff may move an enquiry to any status at once, SPEC.md
     * section 4) and/or notes. Notes name the version they were read at: over a
     * newer one the save is refused (409 with who and when, and the enquiry as it is now).
     */
    async update(actor: Actor, id: number, patch: EnquiryPatch): Promise<AdminEnquiry> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(eventEnquiries).where(eq(eventEnquiries.id, id)).for('update')
        if (!before) throw new NotFoundError(M.enquiryNotFound)
        if (patch.version !== undefined && patch.version !== before.version) {
          throw await staleVersion(tx, { entityType: 'event_enquiry', entityId: id, current: await find(tx, id), timeZone: config.venueTimezone })
        }
        const set: Partial<Pick<EventEnquiry, 'status' | 'notes'>> = {}
        if (patch.status !== undefined) set.status = patch.status
        if (patch.notes !== undefined) set.notes = patch.notes
        const [row] = await tx
          .update(eventEnquiries)
          .set({ ...set, updatedAt: clock.now() })
          .where(and(eq(eventEnquiries.id, id), eq(eventEnquiries.version, before.version)))
          .returning()
        const whose = `the enquiry of ${before.name} for ${before.eventTitle}`
        const notesChanged = patch.notes !== undefined && patch.notes !== before.notes
        const summary =
          patch.status !== undefined
            ? `marked ${whose} as ${patch.status}${notesChanged ? ' and changed its notes' : ''}`
            : notesChanged
              ? `changed the notes on ${whose}`
              : `saved the notes on ${whose} unchanged`
        await audit(tx, actor, {
          action: patch.status !== undefined ? 'status' : 'update',
          entityType: 'event_enquiry',
          entityId: id,
          summary,
          ...changedFields(before, row),
        })
        return find(tx, id)
      })
    },

    async remove(actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(eventEnquiries).where(eq(eventEnquiries.id, id)).returning()
        if (!row) throw new NotFoundError(M.enquiryNotFound)
        await audit(tx, actor, {
          action: 'delete',
          entityType: 'event_enquiry',
          entityId: id,
          summary: `deleted the enquiry of ${row.name} for ${row.eventTitle}`,
          before: changedFields(row, null).before,
        })
      })
    },
  }
}
export type AdminEnquiries = ReturnType<typeof createAdminEnquiries>
