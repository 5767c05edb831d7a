/**
 * Draws a floor plan straight into the database, for tests and the bench,
 * until the Tables & Areas API is there to do it: areas, their tables, the
 * combinations of tables and the turn-time rules. Names are resolved, so a
 * test says `{ name: 'T4 + T5', area: 'Restaurant', tables: ['T4', 'T5'] }`.
 */
import type { AreaSeason } from '#common/tables'
import { sql } from 'drizzle-orm'
import type { Db } from '../../server/db/client'
import { areas, diningTables, tableCombinationMembers, tableCombinations, turnTimes } from '../../server/db/schema'
// @ts-expect-error a plain ESM helper shared with the bench script
import { DEMO_PLAN as SHARED_DEMO_PLAN, largePlan as sharedLargePlan } from './floor-plans.mjs'

export type AreaSketch = { name: string; onlineBookable?: boolean; weatherDependent?: boolean; isActive?: boolean; sortOrder?: number; season?: AreaSeason | null }
export type TableSketch = { name: string; area: string; min?: number; max: number; onlineBookable?: boolean; isActive?: boolean; sortOrder?: number; outOfUseFrom?: string | null }
export type CombinationSketch = { name: string; area: string; tables: string[]; min?: number; max: number; onlineBookable?: boolean; isActive?: boolean; sortOrder?: number }
export type TurnTimeSketch = { minParty: number; maxParty: number; durationMinutes: number; weekday?: number | null }
export type PlanSketch = { areas: AreaSketch[]; tables: TableSketch[]; combinations?: CombinationSketch[]; turnTimes?: TurnTimeSketch[] }

/** The ids of what was drawn, by name. */
export type DrawnPlan = { areaIds: Map<string, number>; tableIds: Map<string, number>; combinationIds: Map<string, number> }

/** Adds a plan to the database (after any already drawn). */
export async function drawPlan(db: Db, plan: PlanSketch): Promise<DrawnPlan> {
  const areaRows = plan.areas.length
    ? await db
        .insert(areas)
        .values(
          plan.areas.map((a, i) => ({
            name: a.name,
            onlineBookable: a.onlineBookable ?? true,
            weatherDependent: a.weatherDependent ?? false,
            isActive: a.isActive ?? true,
            sortOrder: a.sortOrder ?? i,
            seasonFrom: a.season?.from ?? null,
            seasonTo: a.season?.to ?? null,
          })),
        )
        .returning()
    : []
  const areaIds = new Map(areaRows.map((a) => [a.name, a.id]))
  const areaOf = async (name: string) => {
    if (areaIds.has(name)) return areaIds.get(name)!
    const [row] = (await db.execute(sql`select id from areas where name = ${name}`)).rows as { id: number }[]
    if (!row) throw new Error(`No area ${name}`)
    areaIds.set(name, row.id)
    return row.id
  }
  const tableValues = []
  for (const [i, t] of plan.tables.entries()) {
    tableValues.push({
      name: t.name,
      areaId: await areaOf(t.area),
      minCovers: t.min ?? 1,
      maxCovers: t.max,
      onlineBookable: t.onlineBookable ?? true,
      isActive: t.isActive ?? true,
      sortOrder: t.sortOrder ?? i,
      outOfUseFrom: t.outOfUseFrom ?? null,
    })
  }
  const tableRows = tableValues.length ? await db.insert(diningTables).values(tableValues).returning() : []
  const tableIds = new Map(tableRows.map((t) => [t.name, t.id]))
  const combinationIds = new Map<string, number>()
  for (const [i, c] of (plan.combinations ?? []).entries()) {
    const [row] = await db
      .insert(tableCombinations)
      .values({ name: c.name, areaId: await areaOf(c.area), minCovers: c.min ?? 1, maxCovers: c.max, onlineBookable: c.onlineBookable ?? true, isActive: c.isActive ?? true, sortOrder: c.sortOrder ?? i })
      .returning()
    combinationIds.set(c.name, row!.id)
    await db.insert(tableCombinationMembers).values(c.tables.map((name) => ({ combinationId: row!.id, tableId: tableIds.get(name)! })))
  }
  if (plan.turnTimes?.length) {
    await db.insert(turnTimes).values(plan.turnTimes.map((r) => ({ minParty: r.minParty, maxParty: r.maxParty, durationMinutes: r.durationMinutes, weekday: r.weekday ?? null })))
  }
  return { areaIds, tableIds, combinationIds }
}

/** Takes the plan away: bookings keep their rows, their tables go. */
export async function erasePlan(db: Db): Promise<void> {
  await db.execute(sql`delete from reservation_tables`)
  await db.execute(sql`delete from table_combination_members`)
  await db.execute(sql`delete from table_combinations`)
  await db.execute(sql`delete from dining_tables`)
  await db.execute(sql`delete from area_closures`)
  await db.execute(sql`delete from areas`)
  await db.execute(sql`delete from turn_times`)
}

/** The demo plan (18 tables, 2 combinations) and a plan of 40 tables and 12 combinations, shared with the bench. */
export const DEMO_PLAN: PlanSketch = SHARED_DEMO_PLAN
export const largePlan: () => PlanSketch = sharedLargePlan
