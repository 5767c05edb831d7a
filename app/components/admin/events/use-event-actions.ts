import type { EventInput } from '#common/event-schema'
import { ADMIN_MESSAGES } from '#common/messages'
import { apiRequest } from '~/lib/api'
import { eventKeys } from '~/lib/queries/events'
import type { AdminEvent } from '#common/event-schema'
import { useConfirmedMutation } from '../confirm'

/** What staff do to events, each after a confirm, then 'Success!' or back to the form with the server's message. */
export function useEventActions(options: { onSaved?: () => void } = {}) {
  const create = useConfirmedMutation({
    mutationFn: (values: EventInput) => apiRequest<AdminEvent>('POST', '/api/admin/events', values),
    success: ADMIN_MESSAGES.saved,
    invalidate: [eventKeys.all],
    onSuccess: () => options.onSaved?.(),
  })
  const update = useConfirmedMutation({
    // The version the form was read at: a save over someone else's newer change comes back 409 (the conflict dialog).
    mutationFn: ({ id, values, version }: { id: number; values: EventInput; version: number }) =>
      apiRequest<AdminEvent>('PATCH', `/api/admin/events/${id}`, { ...values, version }),
    success: ADMIN_MESSAGES.updated,
    invalidate: [eventKeys.all],
    onSuccess: () => options.onSaved?.(),
  })
  const remove = useConfirmedMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/admin/events/${id}`),
    success: ADMIN_MESSAGES.deleted,
    // Enquiries of a deleted event lose their link to it.
    invalidate: [eventKeys.all, eventKeys.enquiries],
  })
  return { create, update, remove }
}
