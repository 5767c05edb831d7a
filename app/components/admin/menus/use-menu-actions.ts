import { ADMIN_MESSAGES } from '#common/messages'
import type { MenuSectionInput, MenuSectionPatch, MenuSectionRow } from '#common/menu-schema'
import { apiRequest } from '~/lib/api'
import { menuKeys } from '~/lib/queries/menus'
import { useConfirmedMutation } from '../confirm'

/** What staff do to menu sections, each after a confirm, with 'Success!' or the server's message (a taken category's 409). */
export function useMenuActions(options: { onSaved?: () => void } = {}) {
  const create = useConfirmedMutation({
    mutationFn: (values: MenuSectionInput) => apiRequest<MenuSectionRow>('POST', '/api/admin/menu-sections', values),
    success: ADMIN_MESSAGES.saved,
    failure: 'The menu section could not be added. Please try again.',
    invalidate: [menuKeys.all],
    onSuccess: () => options.onSaved?.(),
  })
  const update = useConfirmedMutation({
    // The version the section was read at: a save over someone else's newer change comes back 409 (the conflict dialog).
    mutationFn: ({ id, values, version }: { id: number; values: Omit<MenuSectionPatch, 'version'>; version: number }) =>
      apiRequest<MenuSectionRow>('PATCH', `/api/admin/menu-sections/${id}`, { ...values, version }),
    success: ADMIN_MESSAGES.updated,
    failure: 'The menu section could not be saved. Please try again.',
    invalidate: [menuKeys.all],
    onSuccess: () => options.onSaved?.(),
  })
  const remove = useConfirmedMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/admin/menu-sections/${id}`),
    success: ADMIN_MESSAGES.deleted,
    failure: 'The menu section could not be deleted. Please try again.',
    invalidate: [menuKeys.all],
  })
  return { create, update, remove }
}
