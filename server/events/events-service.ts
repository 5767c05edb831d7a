import { and, asc, eq, getTableColumns, gte, or, sql } from 'drizzle-orm'
import { parseId } from '#common/fields-schema'
import { isSlug } from '#common/slug'
import type { Db } from '../db/client'
import { events, type Event } from '../db/schema'

/** Published means status 'published' (a missing status is treated as published). */
const isPublished = or(eq(events.status, 'published'), sql`${events.status} is null`)

/** What guests are shown of an event: every column but the version staff's saves carry. */
const { version: _version, ...publicColumns } = getTableColumns(events)
export type PublicEvent = Omit<Event, 'version'>

/** Public reads of events; the admin events work adds writes. */
export function createEventsService(db: Db) {
  return {
    /** Published events from a date on, soonest first. */
    async upcoming(fromDate: string): Promise<PublicEvent[]> {
      return db
        .select(publicColumns)
        .from(events)
        .where(and(isPublished, gte(events.date, fromDate)))
        .orderBy(asc(events.date), asc(events.time))
    },

    /** One event by numeric id or slug (DESIGN.md section 6); drafts and cancelled events are not public. */
    async findPublic(idOrSlug: string): Promise<PublicEvent | undefined> {
      const id = parseId(idOrSlug)
      if (id === undefined && !isSlug(idOrSlug)) return undefined
      const [event] = await db
        .select(publicColumns)
        .from(events)
        .where(and(id !== undefined ? eq(events.id, id) : eq(events.slug, idOrSlug), isPublished))
        .limit(1)
      return event
    },

    async findById(id: number): Promise<Event | undefined> {
      const [event] = await db.select().from(events).where(eq(events.id, id)).limit(1)
      return event
    },
  }
}
export type EventsService = ReturnType<typeof createEventsService>
