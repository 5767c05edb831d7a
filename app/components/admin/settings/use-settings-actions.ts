import { ADMIN_MESSAGES } from '#common/messages'
import type { SettingKey } from '#common/settings-schema'
import { apiRequest } from '~/lib/api'
import { noticesKeys } from '~/lib/queries/notices'
import { settingsKeys } from '~/lib/queries/settings'
import { useConfirmedMutation } from '../confirm'

/** One key of a card, with the version it was read at (0: still the default). */
export type SettingChange = { key: SettingKey; value: string; version: number; description?: string }

/**
 * Saves a card of settings after a confirm, whole, in one request: every key
 * at the version it was read at. Someone else's newer change to one of them
 * refuses the card (409, the conflict dialog) and nothing of it is saved.
 */
export function useSaveSettings() {
  return useConfirmedMutation({
    mutationFn: (changes: SettingChange[]) => apiRequest('PUT', '/api/admin/site-settings', { changes }),
    success: ADMIN_MESSAGES.saved,
    failure: 'The settings could not be saved. Please try again.',
    // The site address banner goes once the address is set.
    invalidate: [settingsKeys.all, noticesKeys.all],
  })
}
