import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { EnquiryStatus } from '../../../../common/constants'
import type { AdminEnquiry } from '../../../../common/event-schema'
import { ADMIN_MESSAGES } from '../../../../common/messages'
import { toast } from '~/components/ui/use-toast'
import { ApiError, apiRequest } from '~/lib/api'
import { eventKeys } from '~/lib/queries/events'

const failed = (error: unknown) =>
  toast({ variant: 'destructive', title: ADMIN_MESSAGES.errorTitle, description: error instanceof ApiError ? error.serverMessage : ADMIN_MESSAGES.errorFallback })

/**
 * Event Enquiries' changes. A status is saved the moment staff pick it (SPEC.md
 * section 4: any status at once), shown at once and put back if the save
 * fails; a delete asks the browser's confirm first, as SPEC.md section 8 says.
 */
export function useEnquiryActions() {
  const queryClient = useQueryClient()
  const setStatus = useMutation({
    mutationFn: ({ id, status }: { id: number; status: EnquiryStatus }) => apiRequest<AdminEnquiry>('PATCH', `/api/admin/event-enquiries/${id}`, { status }),
    onMutate: async ({ id, status }) => {
      await queryClient.cancelQueries({ queryKey: eventKeys.enquiries })
      const before = queryClient.getQueryData<AdminEnquiry[]>(eventKeys.enquiries)
      queryClient.setQueryData<AdminEnquiry[]>(eventKeys.enquiries, (list) => list?.map((e) => (e.id === id ? { ...e, status } : e)))
      return { before }
    },
    onSuccess: () => toast({ title: ADMIN_MESSAGES.success, description: ADMIN_MESSAGES.updated }),
    onError: (error, _v, context) => {
      if (context?.before) queryClient.setQueryData(eventKeys.enquiries, context.before)
      failed(error)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventKeys.enquiries }),
  })
  const remove = useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/admin/event-enquiries/${id}`),
    onSuccess: () => toast({ title: ADMIN_MESSAGES.success, description: ADMIN_MESSAGES.deleted }),
    onError: failed,
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventKeys.enquiries }),
  })
  return {
    setStatus: (id: number, status: EnquiryStatus) => setStatus.mutate({ id, status }),
    remove: (id: number) => {
      if (window.confirm(ADMIN_MESSAGES.deleteEnquiry)) remove.mutate(id)
    },
  }
}
