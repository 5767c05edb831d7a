/** Site settings' query key and fetcher, for the Settings panel. */
import type { SiteSettingRow } from '#common/settings-schema'
import { getJson } from '../api'

export const settingsKeys = {
  all: ['/api/admin/site-settings'] as const,
}

export const siteSettingsQuery = {
  queryKey: settingsKeys.all,
  queryFn: async () => (await getJson<SiteSettingRow[]>('/api/admin/site-settings')) ?? [],
}
