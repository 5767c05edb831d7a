/** GET /api/admin/notices: what the banners across the back-office warn about. */
import type { DayThatMatters } from './days-that-matter'
import type { SiteAddressStatus } from './site-address'

export type AdminNotices = {
  /** The venue's today, so the banner counts days as the pub does. */
  today: string
  siteAddress: SiteAddressStatus
  /** Bank holidays and festive days of the next 60 days still on the usual week's hours. */
  daysOnOrdinaryHours: DayThatMatters[]
}
