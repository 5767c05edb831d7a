import { expect } from '@playwright/test'

/** What the process-level tests need of a server started with `startServer` (tests/helpers/server-process.mjs). */
export type StartedServer = { url: string }

/** The staff account the process-level tests create at first start. */
export const PROCESS_ADMIN = { username: 'process-admin', password: 'process-password-1' }
export const processAdminEnv = { ADMIN_USERNAME: PROCESS_ADMIN.username, ADMIN_PASSWORD: PROCESS_ADMIN.password }

/** Signs in as the process admin and returns the session cookie. */
export async function signIn(server: StartedServer): Promise<string> {
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(PROCESS_ADMIN),
  })
  expect(login.status).toBe(200)
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

/** Saves the /cocktails intro text through the staff API, as the Cocktails panel does. */
export async function saveCocktailsIntro(server: StartedServer, introText: string) {
  const cookie = await signIn(server)
  const current = await (await fetch(`${server.url}/api/admin/cocktails-content`, { headers: { cookie } })).json()
  const saved = await fetch(`${server.url}/api/admin/cocktails-content`, {
    method: 'POST',
    // As the browser sends it: a cookie-bearing write must say where it comes from.
    headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin', cookie },
    body: JSON.stringify({ ...current, introText }),
  })
  expect(saved.status).toBe(200)
}
