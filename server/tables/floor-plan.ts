/**
 * The floor plan staff draw in Tables & Areas (issue 34): areas, their
 * tables, the combinations of tables pushed together, and the dates an area
 * is closed. Every change runs in one transaction with its audit row; every
 * edit names the `version` it was read at and a save over a newer one is
 * refused (409, server/audit/versions.ts). Tables and combinations that hold
 * bookings to come are never deleted or made inactive from under them, nor
 * made to seat fewer than a party booked at them.
 *
 * `onChange` runs after each commit (the cached availability is dropped);
 * `onAreaClosed` runs inside the closure's transaction: the seam where the
 * engine re-seats that date's bookings and queues the guests' emails.
 */
import { and, asc, count, eq, gte, inArray, sql } from 'drizzle-orm'
import type pg from 'pg'
import {
  futureBookingsMessage,
  formatDayShort,
  NOTHING_RESEATED,
  TABLE_MESSAGES as M,
  type AdminArea,
  type AdminCombination,
  type AdminTable,
  type AreaClosureRow,
  type ClosedArea,
  type AreaCreate,
  type AreaPatch,
  type ClosureInput,
  type CombinationCreate,
  type CombinationPatch,
  type Reseated,
  type TableCreate,
  type TablePatch,
  type TableShape,
} from '#common/tables-schema'
import { inSeason, type AreaSeason } from '#common/tables'
import { addDays, todayIn } from '#common/time'
import { audit, changedFields, type Actor } from '../audit/audit'
import { staleVersion } from '../audit/versions'
import type { DbOrTx } from '../db/client'
import { areaClosures, areas, diningTables, tableCombinationMembers, tableCombinations, type Area, type DiningTable, type TableCombination } from '../db/schema'
import type { Deps } from '../deps'
import { ConflictError, NotFoundError, ValidationError } from '../domain-errors'
import { withDatesLocked } from '../reservations/reservations-data'

type Tx = Parameters<Parameters<Deps['db']['transaction']>[0]>[0]

/**
 * What the engine is told when an area closes for a date: inside the closure's
 * transaction, under the date's booking lock, before its audit row. It answers
 * what it did to the date's bookings there.
 */
export type AreaClosed = { areaId: number; areaName: string; weatherDependent: boolean; closureId: number; date: string; reason: string }
export type AreaClosedHook = (client: pg.PoolClient, closure: AreaClosed, actor: Actor) => Promise<Reseated>

/** The unique index a row was refused for, as node-postgres or Drizzle (its `cause`) reports it. */
function uniqueIndexOf(error: unknown): string | undefined {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } }
  if (e?.code === '23505') return e.constraint
  if (e?.cause?.code === '23505') return e.cause.constraint
  return undefined
}

/** Turns a taken name into the sentence staff read (409); any other error goes on. */
function refusingTakenName(name: string) {
  return (error: unknown): never => {
    const index = uniqueIndexOf(error)
    if (index === 'areas_name_idx') throw new ConflictError(M.areaTaken(name))
    if (index === 'dining_tables_name_idx') throw new ConflictError(M.tableTaken(name))
    if (index === 'table_combinations_name_idx') throw new ConflictError(M.combinationTaken(name))
    throw error
  }
}

export const toAdminTable = (t: DiningTable): AdminTable => ({
  id: t.id,
  name: t.name,
  areaId: t.areaId,
  minCovers: t.minCovers,
  maxCovers: t.maxCovers,
  onlineBookable: t.onlineBookable,
  sortOrder: t.sortOrder,
  active: t.isActive,
  planX: t.planX,
  planY: t.planY,
  planWidth: t.planWidth,
  planHeight: t.planHeight,
  shape: t.shape as TableShape,
  outOfUseFrom: t.outOfUseFrom ?? null,
  version: t.version,
})

const toAdminCombination = (c: TableCombination, tableIds: number[]): AdminCombination => ({
  id: c.id,
  name: c.name,
  areaId: c.areaId,
  tableIds,
  minCovers: c.minCovers,
  maxCovers: c.maxCovers,
  onlineBookable: c.onlineBookable,
  sortOrder: c.sortOrder,
  active: c.isActive,
  outOfUseFrom: c.outOfUseFrom ?? null,
  version: c.version,
})

/** The audit log's view of a record: its fields as the API shows them, without bookkeeping. */
const auditable = (record: Record<string, unknown>) => {
  const { id: _id, version: _version, tableCount: _count, closures: _closures, ...fields } = record
  return fields
}

/** 'T4 + T5': the joined tables' names in plan order. */
const combinationName = (tables: DiningTable[]) =>
  [...tables]
    .sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name, 'en', { numeric: true }))
    .map((t) => t.name)
    .join(' + ')

/** An area's season as its two columns (null: all year). */
const seasonColumns = (season: AreaSeason | null) => ({ seasonFrom: season?.from ?? null, seasonTo: season?.to ?? null })

/** Only the fields a patch names, in the columns' names (`active` is `isActive`). */
function columnsOf<T extends Record<string, unknown>>(patch: T): Record<string, unknown> {
  const { version: _version, active, tableIds: _tableIds, ...rest } = patch as T & { version?: number; active?: boolean; tableIds?: number[] }
  const columns: Record<string, unknown> = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined))
  if (active !== undefined) columns.isActive = active
  return columns
}

export function createFloorPlan(
  { db, clock, config }: Pick<Deps, 'db' | 'clock' | 'config'>,
  { onChange = () => {}, onAreaClosed = async () => NOTHING_RESEATED }: { onChange?: () => void; onAreaClosed?: AreaClosedHook } = {},
) {
  const timeZone = config.venueTimezone
  const today = () => todayIn(clock.now(), timeZone)

  /** Runs a change and its audit row in one transaction; after COMMIT, the cached availability is dropped. */
  async function change<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const result = await db.transaction(work)
    onChange()
    return result
  }

  async function closuresOf(tx: DbOrTx, areaIds: number[]): Promise<Map<number, AreaClosureRow[]>> {
    const byArea = new Map<number, AreaClosureRow[]>()
    if (areaIds.length === 0) return byArea
    const rows = await tx
      .select()
      .from(areaClosures)
      .where(and(inArray(areaClosures.areaId, areaIds), gte(areaClosures.date, today())))
      .orderBy(asc(areaClosures.date))
    for (const r of rows) byArea.set(r.areaId, [...(byArea.get(r.areaId) ?? []), { id: r.id, date: r.date, reason: r.reason }])
    return byArea
  }

  async function tableCounts(tx: DbOrTx): Promise<Map<number, number>> {
    const rows = await tx.select({ areaId: diningTables.areaId, n: count() }).from(diningTables).groupBy(diningTables.areaId)
    return new Map(rows.map((r) => [r.areaId, r.n]))
  }

  async function toAdminAreas(tx: DbOrTx, rows: Area[]): Promise<AdminArea[]> {
    const [counts, closures] = await Promise.all([tableCounts(tx), closuresOf(tx, rows.map((a) => a.id))])
    return rows.map((a) => ({
      id: a.id,
      name: a.name,
      sortOrder: a.sortOrder,
      onlineBookable: a.onlineBookable,
      weatherDependent: a.weatherDependent,
      season: a.seasonFrom === null || a.seasonTo === null ? null : { from: a.seasonFrom, to: a.seasonTo },
      active: a.isActive,
      version: a.version,
      tableCount: counts.get(a.id) ?? 0,
      closures: closures.get(a.id) ?? [],
    }))
  }

  const oneArea = async (tx: DbOrTx, area: Area) => (await toAdminAreas(tx, [area]))[0]!

  async function lockedArea(tx: DbOrTx, id: number): Promise<Area> {
    const [row] = await tx.select().from(areas).where(eq(areas.id, id)).for('update')
    if (!row) throw new NotFoundError(M.areaNotFound)
    return row
  }

  async function lockedTable(tx: Tx, id: number): Promise<DiningTable> {
    const [row] = await tx.select().from(diningTables).where(eq(diningTables.id, id)).for('update')
    if (!row) throw new NotFoundError(M.tableNotFound)
    return row
  }

  async function lockedCombination(tx: Tx, id: number): Promise<TableCombination> {
    const [row] = await tx.select().from(tableCombinations).where(eq(tableCombinations.id, id)).for('update')
    if (!row) throw new NotFoundError(M.combinationNotFound)
    return row
  }

  async function memberIds(tx: DbOrTx, combinationIds: number[]): Promise<Map<number, number[]>> {
    const byCombination = new Map<number, number[]>()
    if (combinationIds.length === 0) return byCombination
    const rows = await tx
      .select({ combinationId: tableCombinationMembers.combinationId, tableId: tableCombinationMembers.tableId })
      .from(tableCombinationMembers)
      .innerJoin(diningTables, eq(diningTables.id, tableCombinationMembers.tableId))
      .where(inArray(tableCombinationMembers.combinationId, combinationIds))
      .orderBy(asc(diningTables.sortOrder), asc(diningTables.name))
    for (const r of rows) byCombination.set(r.combinationId, [...(byCombination.get(r.combinationId) ?? []), r.tableId])
    return byCombination
  }

  /**
   * Active bookings of today or later that hold every one of `tableIds` (one
   * table: its bookings; a combination: those seated at all of its tables),
   * and the first and last of their dates; from `from` (an out-of-use date),
   * else from today. Venue time: 'today' is the pub's.
   */
  async function bookingsToCome(tx: DbOrTx, tableIds: number[], from = today()): Promise<{ count: number; first: string | null; last: string | null }> {
    const { rows } = await tx.execute<{ n: number; first: string | null; last: string | null }>(sql`
      select count(*)::int as n, min(date) as first, max(date) as last from (
        select reservation_id, min(date) as date from reservation_tables
        where table_id in (${sql.join(tableIds.map((id) => sql`${id}`), sql`, `)}) and active and date >= ${from}
        group by reservation_id having count(*) = ${tableIds.length}
      ) held`)
    return { count: rows[0]?.n ?? 0, first: rows[0]?.first ?? null, last: rows[0]?.last ?? null }
  }

  /**
   * Refuses (409) a table or combination seating fewer than the bookings to
   * come that sit at it, and only at it, need: a four-top made a two-top under a
   * party of four booked there. Staff move those bookings first (or name the
   * table for them on purpose: staff may seat a party anywhere). A guard for the
   * person editing the plan, read under the edited row's lock; a booking taken
   * in the same instant by the engine is not part of it.
   */
  async function refusePartiesAbove(tx: DbOrTx, name: string, tableIds: number[], maxCovers: number) {
    const { rows } = await tx.execute<{ n: number; first: string | null; largest: number | null }>(sql`
      select count(*)::int as n, min(date) as first, max(party_size)::int as largest from (
        select h.reservation_id, min(h.date) as date, min(r.party_size) as party_size
          from reservation_tables h join reservations r on r.id = h.reservation_id
          where h.active and h.date >= ${today()} and r.party_size > ${maxCovers}
            and h.reservation_id in (select reservation_id from reservation_tables where table_id = ${tableIds[0]!} and active and date >= ${today()})
          group by h.reservation_id
          having count(*) = ${tableIds.length}
            and count(*) filter (where h.table_id in (${sql.join(tableIds.map((id) => sql`${id}`), sql`, `)})) = ${tableIds.length}
      ) seated`)
    const held = rows[0]
    if (held && held.n > 0) throw new ConflictError(M.partiesAbove(name, maxCovers, held.n, held.first!, held.largest!), 'parties_above_covers')
  }

  /**
   * Active bookings of today or later seated at any table of an area, and the
   * first of their dates: an area out of use takes its tables with it.
   */
  async function areaBookingsToCome(tx: DbOrTx, areaId: number): Promise<{ count: number; first: string | null }> {
    const { rows } = await tx.execute<{ n: number; first: string | null }>(sql`
      select count(distinct h.reservation_id)::int as n, min(h.date) as first
        from reservation_tables h join dining_tables t on t.id = h.table_id
        where t.area_id = ${areaId} and h.active and h.date >= ${today()}`)
    return { count: rows[0]?.n ?? 0, first: rows[0]?.first ?? null }
  }

  /**
   * Refuses (409) a season that would leave bookings to come in the area outside it: staff move them to other
   * tables first (as for an area made inactive), or choose a longer season. Read under the area's lock.
   */
  async function refuseBookingsOutOfSeason(tx: DbOrTx, area: Area, season: AreaSeason) {
    const { rows } = await tx.execute<{ id: number; date: string }>(sql`
      select distinct h.reservation_id as id, h.date
        from reservation_tables h join dining_tables t on t.id = h.table_id
        where t.area_id = ${area.id} and h.active and h.date >= ${today()}`)
    const outside = rows.filter((r) => !inSeason(season, r.date))
    if (outside.length === 0) return
    const first = outside.map((r) => r.date).sort()[0]!
    throw new ConflictError(M.bookingsOutOfSeason(area.name, new Set(outside.map((r) => r.id)).size, first, season), 'has_bookings')
  }

  /**
   * Refuses (409) a table or combination out of use from `from` while bookings
   * on or after that date sit at it (and only at it): staff move them first, or
   * choose the day after its last booking, which the message names. Today or
   * later only (400): a date gone by would stand for 'now', which `active` says.
   */
  async function refuseOutOfUseFrom(tx: DbOrTx, name: string, tableIds: number[], from: string | null | undefined, current: string | null) {
    if (from === undefined || from === null || from === current) return
    refusePastOutOfUse(from)
    const held = await bookingsToCome(tx, tableIds, from)
    if (held.count > 0) throw new ConflictError(M.bookingsAfterOutOfUse(name, held.count, held.first!, addDays(held.last!, 1)), 'has_bookings')
  }
  /** Refuses (400) a date out of use before today (null or absent: in use). */
  function refusePastOutOfUse(from: string | null | undefined) {
    if (from && from < today()) throw new ValidationError(M.outOfUseFrom, { outOfUseFrom: M.outOfUseFrom })
  }

  /** Refuses (409) to delete or make inactive what has bookings to come. */
  async function refuseWithBookingsToCome(tx: DbOrTx, name: string, tableIds: number[], action: 'delete' | 'deactivate') {
    refuseIfHeld(name, await bookingsToCome(tx, tableIds), action)
  }
  /** An area's bookings (`last` absent) or a table's or combination's, whose message names the day after the last. */
  function refuseIfHeld(name: string, held: { count: number; first: string | null; last?: string | null }, action: 'delete' | 'deactivate') {
    if (held.count > 0) throw new ConflictError(futureBookingsMessage(name, held.count, held.first!, action, held.last ?? undefined), 'has_bookings')
  }

  /** The tables a combination joins: at least two, all there, all active, all in one area. */
  async function joinableTables(tx: Tx, tableIds: number[]): Promise<DiningTable[]> {
    const rows = await tx.select().from(diningTables).where(inArray(diningTables.id, tableIds)).for('share')
    if (rows.length !== tableIds.length) throw new ValidationError(M.combinationTableMissing, { tableIds: M.combinationTableMissing })
    const inactive = rows.find((t) => !t.isActive)
    if (inactive) throw new ValidationError(M.combinationInactive(inactive.name), { tableIds: M.combinationInactive(inactive.name) })
    if (new Set(rows.map((t) => t.areaId)).size > 1) throw new ValidationError(M.combinationAreas, { tableIds: M.combinationAreas })
    return rows
  }

  async function combinationsJoining(tx: DbOrTx, tableId: number): Promise<string[]> {
    const rows = await tx
      .select({ name: tableCombinations.name })
      .from(tableCombinationMembers)
      .innerJoin(tableCombinations, eq(tableCombinations.id, tableCombinationMembers.combinationId))
      .where(eq(tableCombinationMembers.tableId, tableId))
      .orderBy(asc(tableCombinations.name))
    return rows.map((r) => r.name)
  }

  const stale = (tx: Tx, entityType: string, entityId: number, current: unknown) => staleVersion(tx, { entityType, entityId, current, timeZone })

  return {
    // ---- Areas ----

    /** Every area in plan order, each with how many tables it has and its closures from today. */
    async listAreas(): Promise<AdminArea[]> {
      const rows = await db.select().from(areas).orderBy(asc(areas.sortOrder), asc(areas.name))
      return toAdminAreas(db, rows)
    },

    async createArea(actor: Actor, input: AreaCreate): Promise<AdminArea> {
      return change(async (tx) => {
        const [row] = await tx
          .insert(areas)
          .values({
            name: input.name,
            sortOrder: input.sortOrder ?? 0,
            onlineBookable: input.onlineBookable ?? true,
            weatherDependent: input.weatherDependent ?? false,
            ...seasonColumns(input.season ?? null),
            isActive: input.active ?? true,
          })
          .returning()
        const area = await oneArea(tx, row!)
        await audit(tx, actor, { action: 'create', entityType: 'area', entityId: area.id, summary: `added the area ${area.name}`, ...changedFields(null, auditable(area)) })
        return area
      }).catch(refusingTakenName(input.name))
    },

    async updateArea(actor: Actor, id: number, patch: AreaPatch): Promise<AdminArea> {
      return change(async (tx) => {
        const row = await lockedArea(tx, id)
        const before = await oneArea(tx, row)
        if (row.version !== patch.version) throw await stale(tx, 'area', id, before)
        // Its tables would leave the plan with guests still booked at them: as for a table, they move first.
        if (patch.active === false && row.isActive) refuseIfHeld(row.name, await areaBookingsToCome(tx, id), 'deactivate')
        const { season, ...fields } = patch
        // Only a new season: the form sends the season with every save, and staff may have seated a party out of
        // season by hand (as on a date closed for rain), which must not stop a rename.
        if (season && (season.from !== row.seasonFrom || season.to !== row.seasonTo)) await refuseBookingsOutOfSeason(tx, row, season)
        const [updated] = await tx
          .update(areas)
          .set({ ...columnsOf(fields), ...(season === undefined ? {} : seasonColumns(season)), updatedAt: clock.now() })
          .where(eq(areas.id, id))
          .returning()
        const after = await oneArea(tx, updated!)
        await audit(tx, actor, { action: 'update', entityType: 'area', entityId: id, summary: `changed the area ${after.name}`, ...changedFields(auditable(before), auditable(after)) })
        return after
      }).catch(refusingTakenName(patch.name ?? ''))
    },

    /** Deletes an area without tables (its closures go with it). */
    async deleteArea(actor: Actor, id: number): Promise<void> {
      await change(async (tx) => {
        const row = await lockedArea(tx, id)
        const before = await oneArea(tx, row)
        if (before.tableCount > 0) throw new ConflictError(M.areaHasTables(row.name, before.tableCount), 'has_tables')
        await tx.delete(areas).where(eq(areas.id, id))
        await audit(tx, actor, { action: 'delete', entityType: 'area', entityId: id, summary: `deleted the area ${row.name}`, ...changedFields(auditable(before), null) })
      })
    },

    // ---- Closures ----

    /** Closes an area for a date: no online bookings there that day. The engine's hook re-seats its bookings in the same transaction. */
    async closeArea(actor: Actor, areaId: number, input: ClosureInput): Promise<ClosedArea> {
      if (input.date < today()) throw new ValidationError(M.closurePast, { date: M.closurePast })
      let areaName = ''
      // Under the date's booking lock (the one guest and staff bookings take): the bookings moved
      // out of the area cannot lose their new tables to a booking made meanwhile.
      const closed = await withDatesLocked(db, [input.date], clock.now(), async (client, tx) => {
        const area = await lockedArea(tx, areaId)
        areaName = area.name
        const [closure] = await tx.insert(areaClosures).values({ areaId, date: input.date, reason: input.reason }).returning()
        const reseated = await onAreaClosed(
          client,
          { areaId, areaName: area.name, weatherDependent: area.weatherDependent, closureId: closure!.id, date: input.date, reason: input.reason },
          actor,
        )
        // One row for the closure; each moved booking wrote its own (weather-moves.ts).
        await audit(tx, actor, {
          action: 'close',
          entityType: 'area',
          entityId: areaId,
          summary: `closed ${area.name} on ${formatDayShort(input.date)}: ${input.reason}`,
          after: { closure: { id: closure!.id, date: input.date, reason: input.reason }, reseated },
        })
        return { ...(await oneArea(tx, area)), reseated }
      }).catch((error: unknown) => {
        if (uniqueIndexOf(error) === 'area_closures_area_date_idx') throw new ConflictError(M.alreadyClosed(areaName, input.date))
        throw error
      })
      onChange()
      return closed
    },

    async reopenArea(actor: Actor, areaId: number, closureId: number): Promise<AdminArea> {
      return change(async (tx) => {
        const area = await lockedArea(tx, areaId)
        const [closure] = await tx.delete(areaClosures).where(and(eq(areaClosures.id, closureId), eq(areaClosures.areaId, areaId))).returning()
        if (!closure) throw new NotFoundError(M.closureNotFound)
        await audit(tx, actor, {
          action: 'reopen',
          entityType: 'area',
          entityId: areaId,
          summary: `reopened ${area.name} on ${formatDayShort(closure.date)}`,
          before: { closure: { id: closure.id, date: closure.date, reason: closure.reason } },
        })
        return oneArea(tx, area)
      })
    },

    // ---- Tables ----

    async listTables(): Promise<AdminTable[]> {
      const rows = await db.select().from(diningTables).orderBy(asc(diningTables.sortOrder), asc(diningTables.name))
      return rows.map(toAdminTable)
    },

    async createTable(actor: Actor, input: TableCreate): Promise<AdminTable> {
      return change(async (tx) => {
        const [area] = await tx.select().from(areas).where(eq(areas.id, input.areaId)).for('share')
        if (!area) throw new ValidationError(M.areaRequired, { areaId: M.areaRequired })
        const { active, ...fields } = input
        refusePastOutOfUse(input.outOfUseFrom)
        const [row] = await tx
          .insert(diningTables)
          .values({ ...fields, minCovers: input.minCovers ?? 1, isActive: active ?? true })
          .returning()
        const table = toAdminTable(row!)
        await audit(tx, actor, {
          action: 'create',
          entityType: 'table',
          entityId: table.id,
          summary: `added the table ${table.name} (${area.name}, ${table.minCovers}–${table.maxCovers} guests)`,
          ...changedFields(null, auditable(table)),
        })
        return table
      }).catch(refusingTakenName(input.name))
    },

    /**
     * Changes a table: its name, covers, plan position. Making it inactive is
     * refused while it has bookings to come; moving it to another area while
     * a combination joins it, too; seating fewer than a party booked at it, too.
     */
    async updateTable(actor: Actor, id: number, patch: TablePatch): Promise<AdminTable> {
      return change(async (tx) => {
        const row = await lockedTable(tx, id)
        const before = toAdminTable(row)
        if (row.version !== patch.version) throw await stale(tx, 'table', id, before)
        const minCovers = patch.minCovers ?? row.minCovers
        const maxCovers = patch.maxCovers ?? row.maxCovers
        if (minCovers > maxCovers) throw new ValidationError(M.coversOrder, { maxCovers: M.coversOrder })
        if (patch.areaId !== undefined && patch.areaId !== row.areaId) {
          const [area] = await tx.select().from(areas).where(eq(areas.id, patch.areaId)).for('share')
          if (!area) throw new ValidationError(M.areaRequired, { areaId: M.areaRequired })
          const joined = await combinationsJoining(tx, id)
          if (joined.length > 0) throw new ConflictError(M.inCombination(row.name, joined), 'in_combination')
        }
        if (patch.active === false && row.isActive) await refuseWithBookingsToCome(tx, row.name, [id], 'deactivate')
        await refuseOutOfUseFrom(tx, row.name, [id], patch.outOfUseFrom, row.outOfUseFrom)
        if ((patch.active ?? row.isActive) && maxCovers < row.maxCovers) await refusePartiesAbove(tx, row.name, [id], maxCovers)
        const [updated] = await tx.update(diningTables).set({ ...columnsOf(patch), updatedAt: clock.now() }).where(eq(diningTables.id, id)).returning()
        const after = toAdminTable(updated!)
        const moved = before.planX !== after.planX || before.planY !== after.planY
        await audit(tx, actor, {
          action: 'update',
          entityType: 'table',
          entityId: id,
          summary: moved && Object.keys(columnsOf(patch)).every((k) => k.startsWith('plan')) ? `moved the table ${after.name} on the plan` : `changed the table ${after.name}`,
          ...changedFields(auditable(before), auditable(after)),
        })
        return after
      }).catch(refusingTakenName(patch.name ?? ''))
    },

    /** Deletes a table no booking has ever named and no combination joins (else 409 saying what to do). */
    async deleteTable(actor: Actor, id: number): Promise<void> {
      await change(async (tx) => {
        const row = await lockedTable(tx, id)
        await refuseWithBookingsToCome(tx, row.name, [id], 'delete')
        const joined = await combinationsJoining(tx, id)
        if (joined.length > 0) throw new ConflictError(M.inCombination(row.name, joined), 'in_combination')
        const { rows } = await tx.execute<{ n: number }>(sql`select count(*)::int as n from reservation_tables where table_id = ${id}`)
        const past = rows[0]?.n ?? 0
        if (past > 0) throw new ConflictError(M.pastBookings(row.name, past), 'has_bookings')
        await tx.delete(diningTables).where(eq(diningTables.id, id))
        await audit(tx, actor, { action: 'delete', entityType: 'table', entityId: id, summary: `deleted the table ${row.name}`, ...changedFields(auditable(toAdminTable(row)), null) })
      })
    },

    // ---- Combinations ----

    async listCombinations(): Promise<AdminCombination[]> {
      const rows = await db.select().from(tableCombinations).orderBy(asc(tableCombinations.sortOrder), asc(tableCombinations.name))
      const members = await memberIds(db, rows.map((c) => c.id))
      return rows.map((c) => toAdminCombination(c, members.get(c.id) ?? []))
    },

    async createCombination(actor: Actor, input: CombinationCreate): Promise<AdminCombination> {
      let name = input.name ?? ''
      return change(async (tx) => {
        refusePastOutOfUse(input.outOfUseFrom)
        const tables = await joinableTables(tx, input.tableIds)
        name = input.name || combinationName(tables)
        const [row] = await tx
          .insert(tableCombinations)
          .values({
            name,
            areaId: tables[0]!.areaId,
            minCovers: input.minCovers ?? 1,
            maxCovers: input.maxCovers,
            onlineBookable: input.onlineBookable ?? true,
            sortOrder: input.sortOrder ?? 0,
            isActive: input.active ?? true,
            outOfUseFrom: input.outOfUseFrom ?? null,
          })
          .returning()
        await tx.insert(tableCombinationMembers).values(input.tableIds.map((tableId) => ({ combinationId: row!.id, tableId })))
        const combination = toAdminCombination(row!, (await memberIds(tx, [row!.id])).get(row!.id) ?? [])
        await audit(tx, actor, {
          action: 'create',
          entityType: 'table_combination',
          entityId: row!.id,
          summary: `joined ${tables.map((t) => t.name).join(', ')} as ${name} (${combination.minCovers}–${combination.maxCovers} guests)`,
          ...changedFields(null, auditable(combination)),
        })
        return combination
      }).catch((error: unknown) => refusingTakenName(name)(error))
    },

    async updateCombination(actor: Actor, id: number, patch: CombinationPatch): Promise<AdminCombination> {
      return change(async (tx) => {
        const row = await lockedCombination(tx, id)
        const before = toAdminCombination(row, (await memberIds(tx, [id])).get(id) ?? [])
        if (row.version !== patch.version) throw await stale(tx, 'table_combination', id, before)
        const minCovers = patch.minCovers ?? row.minCovers
        const maxCovers = patch.maxCovers ?? row.maxCovers
        if (minCovers > maxCovers) throw new ValidationError(M.coversOrder, { maxCovers: M.coversOrder })
        const columns = columnsOf(patch)
        const tables = patch.tableIds ? await joinableTables(tx, patch.tableIds) : await tx.select().from(diningTables).where(inArray(diningTables.id, before.tableIds))
        if (patch.tableIds) {
          columns.areaId = tables[0]!.areaId
          await tx.delete(tableCombinationMembers).where(eq(tableCombinationMembers.combinationId, id))
          await tx.insert(tableCombinationMembers).values(patch.tableIds.map((tableId) => ({ combinationId: id, tableId })))
        }
        // A name cleared in the form: named after its tables again.
        if (patch.name === '') columns.name = combinationName(tables)
        if (patch.active === false && row.isActive) await refuseWithBookingsToCome(tx, row.name, before.tableIds, 'deactivate')
        await refuseOutOfUseFrom(tx, row.name, patch.tableIds ?? before.tableIds, patch.outOfUseFrom, row.outOfUseFrom)
        // The parties booked at exactly its tables (as they will be) that it would no longer seat.
        if ((patch.active ?? row.isActive) && maxCovers < row.maxCovers) await refusePartiesAbove(tx, row.name, patch.tableIds ?? before.tableIds, maxCovers)
        // The row is written even when only its tables changed: its version moves with them.
        const [updated] = await tx.update(tableCombinations).set({ ...columns, updatedAt: clock.now() }).where(eq(tableCombinations.id, id)).returning()
        const after = toAdminCombination(updated!, (await memberIds(tx, [id])).get(id) ?? [])
        await audit(tx, actor, { action: 'update', entityType: 'table_combination', entityId: id, summary: `changed the combination ${after.name}`, ...changedFields(auditable(before), auditable(after)) })
        return after
      }).catch(refusingTakenName(patch.name ?? ''))
    },

    /** Deletes a combination with no bookings to come (its tables stay). */
    async deleteCombination(actor: Actor, id: number): Promise<void> {
      await change(async (tx) => {
        const row = await lockedCombination(tx, id)
        const before = toAdminCombination(row, (await memberIds(tx, [id])).get(id) ?? [])
        await refuseWithBookingsToCome(tx, row.name, before.tableIds, 'delete')
        await tx.delete(tableCombinations).where(eq(tableCombinations.id, id))
        await audit(tx, actor, { action: 'delete', entityType: 'table_combination', entityId: id, summary: `deleted the combination ${row.name}`, ...changedFields(auditable(before), null) })
      })
    },
  }
}
export type FloorPlan = ReturnType<typeof createFloorPlan>
