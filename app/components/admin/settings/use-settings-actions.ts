import { ADMIN_MESSAGES } from '#common/messages'
import type { SettingKey } from '#common/settings-schema'
import { apiRequest } from '~/lib/api'
import { noticesKeys } from '~/lib/queries/notices'
import { settingsKeys } from '~/lib/queries/settings'
import { useConfirmedMutation } from '../confirm'

export type SettingChange = { key: SettingKey; value: string; description?: string }

/**
 * Saves settings after a confirm, one PUT per changed key (the API's unit),
 * in order; the first refusal stops the rest and its message goes back to the form.
 */
export function useSaveSettings() {
  return useConfirmedMutation({
    mutationFn: async (changes: SettingChange[]) => {
      for (const c of changes) {
        await apiRequest('PUT', `/api/admin/site-settings/${c.key}`, { value: c.value, ...(c.description ? { description: c.description } : {}) })
      }
    },
    success: ADMIN_MESSAGES.saved,
    failure: 'The settings could not be saved. Please try again.',
    // The site address banner goes once the address is set.
    invalidate: [settingsKeys.all, noticesKeys.all],
  })
}
