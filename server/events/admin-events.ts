import { and, asc, eq, getTableColumns, like, ne, or, sql } from 'drizzle-orm'
import { endTimeProblem, EVENT_MESSAGES as M, type AdminEvent, type AdminEventCategory, type EventInput, type EventPatch } from '#common/event-schema'
import { slugify } from '#common/slug'
import { formatShortDate } from '#common/time'
import { audit, changedFields, type Actor } from '../audit/audit'
import { staleVersion } from '../audit/versions'
import type { Db, DbOrTx } from '../db/client'
import { eventCategories, events, type Event } from '../db/schema'
import type { Clock, Deps } from '../deps'
import { NotFoundError, ValidationError } from '../domain-errors'
import { isUniqueViolation } from '../db/errors'

/**
 * Guests of an event's active table bookings (pending and confirmed), as the event capacity counts them.
 * The outer column is written out: drizzle leaves `${events.id}` unqualified here, which would mean r.id.
 */
const guestsBooked = sql<number>`coalesce((
  select sum(r.party_size) from reservations r
  where r.event_id = "events"."id" and r.status in ('pending', 'confirmed')
), 0)::int`

/** A category id that is not in the table is the staff's input, not a server fault. */
async function refusingUnknownCategory<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } }
    if (e?.code === '23503' || e?.cause?.code === '23503') throw new ValidationError(M.category, { categoryId: M.category })
    throw error
  }
}

const toAdminEvent = (row: Event & { guestsBooked: number }): AdminEvent => ({
  ...row,
  createdAt: new Date(row.createdAt).toISOString(),
  updatedAt: new Date(row.updatedAt).toISOString(),
})

/**
 * The staff side of events (SPEC.md section 2, Events Management): list with
 * the guests booked so far, create, change and delete. Each event has a unique
 * slug made from its title (DESIGN.md section 6), suffixed on collision and
 * kept when the title changes, so shared links keep working. `onChange` runs
 * after every change, so the public event answers kept in memory are dropped.
 */
export function createAdminEvents({ db, clock, config }: { db: Db; clock: Clock; config: Pick<Deps['config'], 'venueTimezone'> }, { onChange = () => {} }: { onChange?: () => void } = {}) {
  /** `base`, or `base-2`, `base-3`... whichever is free (another event's slug is taken; the event's own is not). */
  async function freeSlug(base: string, exceptId?: number): Promise<string> {
    const taken = await db
      .select({ slug: events.slug })
      .from(events)
      .where(and(or(eq(events.slug, base), like(events.slug, `${base}-%`)), exceptId ? ne(events.id, exceptId) : undefined))
    const used = new Set(taken.map((r) => r.slug))
    if (!used.has(base)) return base
    for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`
  }

  /** Writes with a free slug; two staff saving the same title at once: the second takes the next suffix. */
  async function withFreeSlug<T>(base: string, exceptId: number | undefined, write: (slug: string) => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await write(await freeSlug(base, exceptId))
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 4) throw error
      }
    }
  }

  async function find(id: number, tx: DbOrTx = db): Promise<AdminEvent> {
    const [row] = await tx.select({ ...getTableColumns(events), guestsBooked }).from(events).where(eq(events.id, id))
    if (!row) throw new NotFoundError(M.notFound)
    return toAdminEvent(row)
  }

  /** The 409 for a save made over a newer version: who changed it, and the event as it is now. */
  async function stale(tx: DbOrTx, id: number) {
    return staleVersion(tx, { entityType: 'event', entityId: id, current: await find(id, tx), timeZone: config.venueTimezone })
  }

  return {
    /** Every event, soonest first, each with the guests booked so far. */
    async list(): Promise<AdminEvent[]> {
      const rows = await db.select({ ...getTableColumns(events), guestsBooked }).from(events).orderBy(asc(events.date), asc(events.time), asc(events.id))
      return rows.map(toAdminEvent)
    },

    async create(actor: Actor, input: EventInput): Promise<AdminEvent> {
      const { slug, ...fields } = input
      const row = await refusingUnknownCategory(() =>
        // Each attempt its own transaction: a taken slug aborts the one it happened in.
        withFreeSlug(slug ?? slugify(input.title), undefined, (free) =>
          db.transaction(async (tx) => {
            const [inserted] = await tx.insert(events).values({ ...fields, slug: free }).returning()
            await audit(tx, actor, {
              action: 'create',
              entityType: 'event',
              entityId: inserted!.id,
              summary: `created the event ${inserted!.title}, ${formatShortDate(inserted!.date)}`,
              after: changedFields(null, inserted).after,
            })
            return inserted!
          }),
        ),
      )
      onChange()
      return find(row.id)
    },

    /**
     * Changes the fields sent, if the event is still at the version the form
     * was read at (else 409 with the event as it is now); the slug changes only
     * when staff send a different one.
     */
    async update(actor: Actor, id: number, { version, ...patch }: EventPatch): Promise<AdminEvent> {
      const [current] = await db.select().from(events).where(eq(events.id, id))
      if (!current) throw new NotFoundError(M.notFound)
      const time = patch.time ?? current.time
      const endTime = patch.endTime === undefined ? current.endTime : patch.endTime
      const problem = endTimeProblem(time, endTime)
      if (problem) throw new ValidationError(problem, { endTime: problem })
      const { slug, ...fields } = patch
      const write = (newSlug?: string) =>
        db.transaction(async (tx) => {
          const [before] = await tx.select().from(events).where(eq(events.id, id)).for('update')
          if (!before) throw new NotFoundError(M.notFound)
          const [after] = await tx
            .update(events)
            .set({ ...fields, ...(newSlug ? { slug: newSlug } : {}), updatedAt: clock.now() })
            .where(and(eq(events.id, id), eq(events.version, version)))
            .returning()
          if (!after) throw await stale(tx, id)
          await audit(tx, actor, { action: 'update', entityType: 'event', entityId: id, summary: `changed the event ${after.title}`, ...changedFields(before, after) })
        })
      await refusingUnknownCategory(() => (slug && slug !== current.slug ? withFreeSlug(slug, id, write) : write()))
      onChange()
      return find(id)
    },

    /** Deletes an event; its bookings and enquiries stay, no longer linked to it. */
    async remove(actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(events).where(eq(events.id, id)).returning()
        if (!row) throw new NotFoundError(M.notFound)
        await audit(tx, actor, {
          action: 'delete',
          entityType: 'event',
          entityId: id,
          summary: `deleted the event ${row.title}, ${formatShortDate(row.date)}`,
          before: changedFields(row, null).before,
        })
      })
      onChange()
    },

    /** The active categories staff choose from, by name. */
    async categories(): Promise<AdminEventCategory[]> {
      return db
        .select({
          id: eventCategories.id,
          name: eventCategories.name,
          description: eventCategories.description,
          color: eventCategories.color,
          isActive: eventCategories.isActive,
        })
        .from(eventCategories)
        .where(eq(eventCategories.isActive, true))
        .orderBy(asc(eventCategories.name))
    },
  }
}
export type AdminEvents = ReturnType<typeof createAdminEvents>
