import type { StaffAccount, StaffAccountCreate, StaffAccountPatch } from '#common/staff-schema'
import { apiRequest } from '~/lib/api'
import { staffKeys } from '~/lib/queries/staff'
import { useConfirmedMutation } from '../confirm'

/** What an owner does in Staff Accounts, each after a confirm, with the server's reason when it refuses (the last owner, say). */
export function useStaffActions(options: { onSaved?: () => void } = {}) {
  const invalidate = [staffKeys.accounts]
  const create = useConfirmedMutation({
    mutationFn: (values: StaffAccountCreate) => apiRequest<StaffAccount>('POST', '/api/admin/users', values),
    success: (values) => (values.password ? `The account ${values.username} was created.` : `The account ${values.username} was created and a link to set its password emailed.`),
    invalidate,
    onSuccess: () => options.onSaved?.(),
  })
  const update = useConfirmedMutation({
    mutationFn: ({ id, patch }: { id: number; patch: StaffAccountPatch }) => apiRequest<StaffAccount>('PATCH', `/api/admin/users/${id}`, patch),
    success: 'Updated successfully!',
    invalidate,
    onSuccess: () => options.onSaved?.(),
  })
  const reset = useConfirmedMutation({
    mutationFn: (id: number) => apiRequest('POST', `/api/admin/users/${id}/password-reset`),
    success: 'A link to set a new password has been emailed. It works for one hour.',
    invalidate,
  })
  const ownerRule = useConfirmedMutation({
    mutationFn: (required: boolean) => apiRequest('PUT', '/api/admin/users/owner-2fa', { required }),
    success: (required) => (required ? 'Owners must now use two-factor authentication.' : 'Owners may now sign in without two-factor authentication.'),
    invalidate,
  })
  return { create, update, reset, ownerRule }
}
export type StaffActions = ReturnType<typeof useStaffActions>
