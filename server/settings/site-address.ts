import { SITE_ADDRESS_MESSAGES } from '#common/site-address'
import type { SettingsService } from './settings-service'

/**
 * At start-up: one line when there is no real site address (no PUBLIC_URL, and
 * the Site address setting unset or pointing at localhost). The app runs all
 * the same (`npm install && npm start` needs no configuration), but the links
 * in its emails would lead nowhere a guest can reach.
 */
export async function announceSiteAddress(settings: Pick<SettingsService, 'siteAddress'>, print: (line: string) => void = console.log): Promise<void> {
  const status = await settings.siteAddress()
  if (status.problem === 'not-set') print(SITE_ADDRESS_MESSAGES.startup(status.siteUrl))
}
