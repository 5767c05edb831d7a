import { createUserService } from './auth/users'
import type { Deps } from './deps'
import { createSettingsService } from './settings/settings-service'

/**
 * Every service of the app, built once from the deps. API routers and
 * React Router loaders both call these; neither touches the database directly.
 */
export function createServices(deps: Deps) {
  const settings = createSettingsService(deps.db)
  return {
    users: createUserService(deps.db),
    settings,
  }
}
export type Services = ReturnType<typeof createServices>
