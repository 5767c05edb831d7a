import { and, asc, eq, getTableColumns, like, ne, or, sql } from 'drizzle-orm'
import { endTimeProblem, EVENT_MESSAGES as M, type AdminEvent, type AdminEventCategory, type EventInput, type EventPatch } from '#common/event-schema'
import { slugify } from '#common/slug'
import type { Db } from '../db/client'
import { eventCategories, events, type Event } from '../db/schema'
import type { Clock } from '../deps'
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
export function createAdminEvents({ db, clock }: { db: Db; clock: Clock }, { onChange = () => {} }: { onChange?: () => void } = {}) {
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

  async function find(id: number): Promise<AdminEvent> {
    const [row] = await db.select({ ...getTableColumns(events), guestsBooked }).from(events).where(eq(events.id, id))
    if (!row) throw new NotFoundError(M.notFound)
    return toAdminEvent(row)
  }

  return {
    /** Every event, soonest first, each with the guests booked so far. */
    async list(): Promise<AdminEvent[]> {
      const rows = await db.select({ ...getTableColumns(events), guestsBooked }).from(events).orderBy(asc(events.date), asc(events.time), asc(events.id))
      return rows.map(toAdminEvent)
    },

    async create(input: EventInput): Promise<AdminEvent> {
      const { slug, ...fields } = input
      const row = await refusingUnknownCategory(() =>
        withFreeSlug(slug ?? slugify(input.title), undefined, async (free) => {
          const [inserted] = await db.insert(events).values({ ...fields, slug: free }).returning({ id: events.id })
          return inserted!
        }),
      )
      onChange()
      return find(row.id)
    },

    /** Changes the fields sent; the slug changes only when staff send a different one. */
    async update(id: number, patch: EventPatch): Promise<AdminEvent> {
      const [current] = await db.select().from(events).where(eq(events.id, id))
      if (!current) throw new NotFoundError(M.notFound)
      const time = patch.time ?? current.time
      const endTime = patch.endTime === undefined ? current.endTime : patch.endTime
      const problem = endTimeProblem(time, endTime)
      if (problem) throw new ValidationError(problem, { endTime: problem })
      const { slug, ...fields } = patch
      const write = (newSlug?: string) =>
        db
          .update(events)
          .set({ ...fields, ...(newSlug ? { slug: newSlug } : {}), updatedAt: clock.now() })
          .where(eq(events.id, id))
      await refusingUnknownCategory(() => (slug && slug !== current.slug ? withFreeSlug(slug, id, write) : write()))
      onChange()
      return find(id)
    },

    /** Deletes an event; its bookings and enquiries stay, no longer linked to it. */
    async remove(id: number): Promise<void> {
      const [row] = await db.delete(events).where(eq(events.id, id)).returning({ id: events.id })
      if (!row) throw new NotFoundError(M.notFound)
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
