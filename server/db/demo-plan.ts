/**
 * The demo venue's floor plan (issue 34, decision 0022): four areas, nineteen
 * tables (the list: T1–T8, B1–B4, the Snug, G1–G6), two combinations and turn times by party size. Drawn on the first
 * run of a new install with the rest of the demo content, never into a pub
 * that has been running (its bookings would start taking tables it never
 * drew), and never into the test databases unless a test asks
 * (`createTestApp({ demoPlan: true })`): the engine books tables as soon as
 * one active table exists.
 */
import { sql } from 'drizzle-orm'
import type { TableShape } from '#common/tables-schema'
import type { Db } from './client'
import { areas, diningTables, tableCombinationMembers, tableCombinations, turnTimes } from './schema'

type DemoTable = { name: string; maxCovers: number; minCovers?: number; x: number; y: number; w: number; h: number; shape: TableShape }
type DemoArea = { name: string; weatherDependent?: boolean; tables: DemoTable[] }

const round2 = (name: string, x: number, y: number): DemoTable => ({ name, maxCovers: 2, x, y, w: 2, h: 2, shape: 'round' })
const rect = (name: string, maxCovers: number, x: number, y: number, w = 3, h = 2): DemoTable => ({ name, maxCovers, x, y, w, h, shape: 'rect' })

export const DEMO_PLAN: readonly DemoArea[] = [
  {
    name: 'Restaurant',
    tables: [round2('T1', 1, 1), round2('T2', 4, 1), round2('T3', 7, 1), rect('T4', 4, 1, 5), rect('T5', 4, 5, 5), rect('T6', 4, 9, 5), rect('T7', 6, 1, 9, 4), rect('T8', 6, 6, 9, 4)],
  },
  { name: 'Bar', tables: [round2('B1', 1, 1), round2('B2', 4, 1), rect('B3', 4, 1, 4), rect('B4', 4, 5, 4)] },
  { name: 'Snug', tables: [{ name: 'Snug', minCovers: 5, maxCovers: 8, x: 1, y: 1, w: 4, h: 3, shape: 'rect' }] },
  {
    name: 'Garden',
    weatherDependent: true,
    tables: [rect('G1', 4, 1, 1, 3, 3), rect('G2', 4, 5, 1, 3, 3), rect('G3', 4, 9, 1, 3, 3), rect('G4', 4, 1, 5, 3, 3), rect('G5', 4, 5, 5, 3, 3), rect('G6', 4, 9, 5, 3, 3)],
  },
]

/** Two four-tops pushed together seat six to eight, not eight plus. */
export const DEMO_COMBINATIONS = [
  { tables: ['T4', 'T5'], minCovers: 6, maxCovers: 8 },
  { tables: ['G1', 'G2'], minCovers: 6, maxCovers: 8 },
] as const

/** 1–2: 90 minutes, 3–4: two hours, 5 and more: two and a half. */
export const DEMO_TURN_TIMES = [
  { minParty: 1, maxParty: 2, durationMinutes: 90, weekday: null },
  { minParty: 3, maxParty: 4, durationMinutes: 120, weekday: null },
  { minParty: 5, maxParty: 500, durationMinutes: 150, weekday: null },
] as const

/**
 * Draws the demo plan into a venue that has no areas (and its turn times
 * where there are none), in one transaction. Returns whether it drew it;
 * running it again does nothing.
 */
export async function seedDemoPlan(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Two instances starting at once: the second waits here, then finds the areas.
    await tx.execute(sql`lock table areas in share row exclusive mode`)
    const [{ n }] = (await tx.execute<{ n: number }>(sql`select count(*)::int as n from areas`)).rows as [{ n: number }]
    if (n > 0) return false
    const ids = new Map<string, { id: number; areaId: number }>()
    for (const [areaOrder, area] of DEMO_PLAN.entries()) {
      const [row] = await tx.insert(areas).values({ name: area.name, sortOrder: areaOrder, weatherDependent: area.weatherDependent ?? false }).returning({ id: areas.id })
      const tables = await tx
        .insert(diningTables)
        .values(
          area.tables.map((t, i) => ({
            name: t.name,
            areaId: row!.id,
            minCovers: t.minCovers ?? 1,
            maxCovers: t.maxCovers,
            sortOrder: i,
            planX: t.x,
            planY: t.y,
            planWidth: t.w,
            planHeight: t.h,
            shape: t.shape,
          })),
        )
        .returning({ id: diningTables.id, name: diningTables.name })
      for (const t of tables) ids.set(t.name, { id: t.id, areaId: row!.id })
    }
    for (const [i, c] of DEMO_COMBINATIONS.entries()) {
      const members = c.tables.map((name) => ids.get(name)!)
      const [row] = await tx
        .insert(tableCombinations)
        .values({ name: c.tables.join(' + '), areaId: members[0]!.areaId, minCovers: c.minCovers, maxCovers: c.maxCovers, sortOrder: i })
        .returning({ id: tableCombinations.id })
      await tx.insert(tableCombinationMembers).values(members.map((m) => ({ combinationId: row!.id, tableId: m.id })))
    }
    const [{ rules }] = (await tx.execute<{ rules: number }>(sql`select count(*)::int as rules from turn_times`)).rows as [{ rules: number }]
    if (rules === 0) await tx.insert(turnTimes).values([...DEMO_TURN_TIMES])
    return true
  })
}
