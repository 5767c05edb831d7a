import { LIVE_PATH } from '#common/live'
import { leaveSessionUnrenewed } from '../auth/session'
import { ApiRoutes } from '../http/routes'
import type { Services } from '../services'

/**
 * The staff screens' live changes: a Server-Sent Events stream (server/live/live-hub.ts). Holding it
 * open is not use of the session: a screen left unattended is signed out after the idle expiry.
 */
export function adminLiveRoutes({ live }: Services) {
  return new ApiRoutes().get(LIVE_PATH, 'reservations.read', (req, res) => {
    leaveSessionUnrenewed(req)
    live.open(req, res)
  })
}
