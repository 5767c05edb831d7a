import {
  closedAreaMessage,
  type AdminArea,
  type ClosedArea,
  type AdminCombination,
  type AdminTable,
  type AreaCreate,
  type AreaPatch,
  type ClosureInput,
  type CombinationCreate,
  type CombinationPatch,
  type TableCreate,
  type TablePatch,
  type TurnTimes,
  type TurnTimesInput,
} from '#common/tables-schema'
import { apiRequest } from '~/lib/api'
import { tablesKeys } from '~/lib/queries/tables'
import { useConfirmedMutation } from '../confirm'

/**
 * What a manager does in Tables & Areas, each after a confirm, with the
 * server's reason when it refuses (a taken name, bookings to come, a gap in
 * the turn times) and the record as it is now when someone saved first.
 */
export function useTablesActions(options: { onSaved?: () => void } = {}) {
  const invalidate = [tablesKeys.all]
  const onSuccess = () => options.onSaved?.()
  return {
    createArea: useConfirmedMutation({
      mutationFn: (values: AreaCreate) => apiRequest<AdminArea>('POST', '/api/admin/areas', values),
      success: (values) => `The area ${values.name} was added.`,
      invalidate,
      onSuccess,
    }),
    updateArea: useConfirmedMutation({
      mutationFn: ({ id, patch }: { id: number; patch: AreaPatch }) => apiRequest<AdminArea>('PATCH', `/api/admin/areas/${id}`, patch),
      success: 'Updated successfully!',
      invalidate,
      onSuccess,
    }),
    deleteArea: useConfirmedMutation({
      mutationFn: (id: number) => apiRequest('DELETE', `/api/admin/areas/${id}`),
      success: 'Deleted successfully!',
      invalidate,
    }),
    closeArea: useConfirmedMutation({
      mutationFn: ({ areaId, values }: { areaId: number; values: ClosureInput }) => apiRequest<ClosedArea>('POST', `/api/admin/areas/${areaId}/closures`, values),
      success: (_values, closed) => closedAreaMessage(closed),
      invalidate,
      onSuccess,
    }),
    reopenArea: useConfirmedMutation({
      mutationFn: ({ areaId, closureId }: { areaId: number; closureId: number }) => apiRequest<AdminArea>('DELETE', `/api/admin/areas/${areaId}/closures/${closureId}`),
      success: 'The area is open again on that date.',
      invalidate,
    }),
    createTable: useConfirmedMutation({
      mutationFn: (values: TableCreate) => apiRequest<AdminTable>('POST', '/api/admin/tables', values),
      success: (values) => `The table ${values.name} was added.`,
      invalidate,
      onSuccess,
    }),
    updateTable: useConfirmedMutation({
      mutationFn: ({ id, patch }: { id: number; patch: TablePatch }) => apiRequest<AdminTable>('PATCH', `/api/admin/tables/${id}`, patch),
      success: 'Updated successfully!',
      invalidate,
      onSuccess,
    }),
    deleteTable: useConfirmedMutation({
      mutationFn: (id: number) => apiRequest('DELETE', `/api/admin/tables/${id}`),
      success: 'Deleted successfully!',
      invalidate,
    }),
    createCombination: useConfirmedMutation({
      mutationFn: (values: CombinationCreate) => apiRequest<AdminCombination>('POST', '/api/admin/table-combinations', values),
      success: (_values, made) => `The combination ${made.name} was added.`,
      invalidate,
      onSuccess,
    }),
    updateCombination: useConfirmedMutation({
      mutationFn: ({ id, patch }: { id: number; patch: CombinationPatch }) => apiRequest<AdminCombination>('PATCH', `/api/admin/table-combinations/${id}`, patch),
      success: 'Updated successfully!',
      invalidate,
      onSuccess,
    }),
    deleteCombination: useConfirmedMutation({
      mutationFn: (id: number) => apiRequest('DELETE', `/api/admin/table-combinations/${id}`),
      success: 'Deleted successfully!',
      invalidate,
    }),
    saveTurnTimes: useConfirmedMutation({
      mutationFn: (values: TurnTimesInput) => apiRequest<TurnTimes>('PUT', '/api/admin/turn-times', values),
      success: 'The turn times are saved. Bookings already made keep their time.',
      invalidate,
    }),
  }
}
export type TablesActions = ReturnType<typeof useTablesActions>
