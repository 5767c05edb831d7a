import type { EnquiryStatus } from '#common/constants'
import type { AdminEnquiry } from '#common/event-schema'
import { ADMIN_MESSAGES } from '#common/messages'
import { apiRequest } from '~/lib/api'
import { eventKeys } from '~/lib/queries/events'
import { useConfirmedMutation } from '../confirm'

/**
 * Event Enquiries' changes. A status is saved the moment staff pick it (SPEC.md
 * section 4: any status at once), shown at once and put back if the save
 * fails; a delete asks the browser's confirm first, as SPEC.md section 8 says.
 */
export function useEnquiryActions() {
  const setStatus = useConfirmedMutation({
    mutationFn: ({ id, status }: { id: number; status: EnquiryStatus }) => apiRequest<AdminEnquiry>('PATCH', `/api/admin/event-enquiries/${id}`, { status }),
    success: ADMIN_MESSAGES.updated,
    scope: 'enquiry-status',
    optimistic: {
      queryKey: eventKeys.enquiries,
      update: (list, { id, status }) => (list as AdminEnquiry[] | undefined)?.map((e) => (e.id === id ? { ...e, status } : e)),
    },
  })
  const remove = useConfirmedMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/admin/event-enquiries/${id}`),
    success: ADMIN_MESSAGES.deleted,
    invalidate: [eventKeys.enquiries],
    browserConfirm: true,
  })
  return {
    setStatus: (id: number, status: EnquiryStatus) => setStatus.run({ id, status }),
    remove: (id: number) => remove.ask({ title: 'Delete enquiry?', description: ADMIN_MESSAGES.deleteEnquiry, variables: id }),
  }
}
