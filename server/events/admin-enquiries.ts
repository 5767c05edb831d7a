import { desc, eq } from 'drizzle-orm'
import { EVENT_MESSAGES as M, type AdminEnquiry } from '#common/event-schema'
import type { EnquiryStatus } from '#common/constants'
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
    async setStatus(id: number, status: EnquiryStatus): Promise<AdminEnquiry> {
      const [row] = await db.update(eventEnquiries).set({ status, updatedAt: clock.now() }).where(eq(eventEnquiries.id, id)).returning()
      if (!row) throw new NotFoundError(M.enquiryNotFound)
      return toAdminEnquiry(row)
    },

    async remove(id: number): Promise<void> {
      const [row] = await db.delete(eventEnquiries).where(eq(eventEnquiries.id, id)).returning({ id: eventEnquiries.id })
      if (!row) throw new NotFoundError(M.enquiryNotFound)
    },
  }
}
export type AdminEnquiries = ReturnType<typeof createAdminEnquiries>
