/** Tables & Areas: query keys and fetchers of the floor plan and its turn times. */
import type { AdminArea, AdminCombination, AdminTable, TurnTimes } from '#common/tables-schema'
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
