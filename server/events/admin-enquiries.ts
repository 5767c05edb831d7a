import { desc, eq } from 'drizzle-orm'
import { EVENT_MESSAGES as M, type AdminEnquiry } from '#common/event-schema'
import type { EnquiryStatus } from '#common/constants'
import { audit, changedFields, type Actor } from '../audit/audit'
import type { Db } from '../db/client'
import { eventEnquiries, type EventEnquiry } from '../db/schema'
import type { Clock } from '../deps'
import { NotFoundError } from '../domain-errors'

const toAdminEnquiry = (row: EventEnquiry): AdminEnquiry => ({
  ...row,
  createdAt: new Date(row.createdAt).toISOString(),
  updatedAt: new Date(row.updatedAt).toISOString(),
})

/** The staff side of event enquiries (SPEC.md section 2, Event Enquiries): list, set a status, delete. */
export function createAdminEnquiries({ db, clock }: { db: Db; clock: Clock }) {
  return {
    /** Every enquiry, newest first (the panel filters and sorts them). */
    async list(): Promise<AdminEnquiry[]> {
      const rows = await db.select().from(eventEnquiries).orderBy(desc(eventEnquiries.createdAt), desc(eventEnquiries.id))
      return rows.map(toAdminEnquiry)
    },

    /** Staff may move an enquiry to any status at once (SPEC.md section 4). */
    async setStatus(actor: Actor, id: number, status: EnquiryStatus): Promise<AdminEnquiry> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(eventEnquiries).where(eq(eventEnquiries.id, id)).for('update')
        if (!before) throw new NotFoundError(M.enquiryNotFound)
        const [row] = await tx.update(eventEnquiries).set({ status, updatedAt: clock.now() }).where(eq(eventEnquiries.id, id)).returning()
        await audit(tx, actor, {
          action: 'status',
          entityType: 'event_enquiry',
          entityId: id,
          summary: `marked the enquiry of ${before.name} for ${before.eventTitle} as ${status}`,
          ...changedFields(before, row),
        })
        return toAdminEnquiry(row!)
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
