import type { Clock } from './deps'
import type { Services } from './services'

/** What every React Router loader and action receives as `context`. */
export type AppContext = {
  services: Services
  clock: Clock
  cspNonce: string
  venueTimezone: string
  metaPixelId: string | undefined
  /** The request's client address (behind TRUST_PROXY, the proxy's word), for what records it as a keyed hash. */
  clientAddress: string | undefined
}

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}
