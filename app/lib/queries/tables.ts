/** Tables & Areas: query keys and fetchers of the floor plan, its turn times, and the engine's explanation of a time. */
import type { AdminArea, AdminCombination, AdminTable, AvailabilityExplanation, TurnTimes } from '#common/tables-schema'
import { getJson } from '../api'

export const tablesKeys = {
  all: ['/api/admin/floor-plan'] as const,
  areas: ['/api/admin/floor-plan', 'areas'] as const,
  tables: ['/api/admin/floor-plan', 'tables'] as const,
  combinations: ['/api/admin/floor-plan', 'combinations'] as const,
  turnTimes: ['/api/admin/floor-plan', 'turn-times'] as const,
}

export const areasQuery = { queryKey: tablesKeys.areas, queryFn: async () => (await getJson<AdminArea[]>('/api/admin/areas'))! }
export const diningTablesQuery = { queryKey: tablesKeys.tables, queryFn: async () => (await getJson<AdminTable[]>('/api/admin/tables'))! }
export const combinationsQuery = { queryKey: tablesKeys.combinations, queryFn: async () => (await getJson<AdminCombination[]>('/api/admin/table-combinations'))! }
export const turnTimesQuery = { queryKey: tablesKeys.turnTimes, queryFn: async () => (await getJson<TurnTimes>('/api/admin/turn-times'))! }

/** 'Why isn't it offered?' for a date, time and party (the engine's GET /api/admin/availability/explain). */
export async function explainAvailability(input: { date: string; time: string; partySize: number }): Promise<AvailabilityExplanation> {
  const params = new URLSearchParams({ date: input.date, time: input.time, partySize: String(input.partySize) })
  return (await getJson<AvailabilityExplanation>(`/api/admin/availability/explain?${params.toString()}`))!
}
