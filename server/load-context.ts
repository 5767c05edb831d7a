import type { Clock } from './deps'
import type { Services } from './services'

/** What every React Router loader and action receives as `context`. */
export type AppContext = {
  services: Services
  clock: Clock
  cspNonce: string
  venueTimezone: string
  metaPixelId: string | undefined
}

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}
