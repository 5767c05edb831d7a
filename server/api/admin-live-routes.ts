import { LIVE_PATH } from '#common/live'
import { ApiRoutes } from '../http/routes'
import type { Services } from '../services'

/** The staff screens' live changes: a Server-Sent Events stream (server/live/live-hub.ts). */
export function adminLiveRoutes({ live }: Services) {
  return new ApiRoutes().get(LIVE_PATH, 'reservations.read', (req, res) => live.open(req, res))
}
