import type { Page } from '@playwright/test'
import { E2E_ADMIN } from '../../playwright.config'
import { expect } from './fixtures'

/**
 * Signs in through the API with the page's own cookie jar (the sign-in form
 * has its own tests), so a back-office test starts on its panel at once.
 */
export async function signInQuickly(page: Page) {
  const res = await page.request.post('/api/login', { data: E2E_ADMIN, headers: { 'Sec-Fetch-Site': 'same-origin' } })
  expect(res.status()).toBe(200)
}

/** Opens a back-office section once the page's script runs. */
export async function openSection(page: Page, section: string) {
  await page.goto(`/admin?section=${section}`)
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
}

/** A call to the staff API as the signed-in page (its cookies), optionally at a fixed instant (X-Test-Now). */
export async function staffApi(page: Page, method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, data?: object, at?: string) {
  const res = await page.request.fetch(path, {
    method,
    data,
    headers: { 'Sec-Fetch-Site': 'same-origin', ...(at ? { 'X-Test-Now': at } : {}) },
  })
  if (res.status() >= 400) throw new Error(`${method} ${path} answered ${res.status()}: ${await res.text()}`)
  return res.status() === 204 ? undefined : res.json()
}

/** The version a setting is at now (0: still the default), as a form that has just read it sends back (issue 33). */
export async function settingVersion(page: Page, key: string, base = ''): Promise<number> {
  const rows = (await (await page.request.get(`${base}/api/admin/site-settings`)).json()) as { settingKey: string; version: number }[]
  return rows.find((r) => r.settingKey === key)?.version ?? 0
}

/** The version a weekday's hours are at now (0: no row yet). */
export async function dayVersion(page: Page, dayOfWeek: number): Promise<number> {
  const week = (await (await page.request.get('/api/admin/opening-hours')).json()) as { version: number }[]
  return week[dayOfWeek]!.version
}

let counter = 0
/** A phone booking made through the staff API, with a name no other test uses. */
export async function staffBooking(page: Page, over: Record<string, unknown>, at?: string) {
  const name = `${over.name ?? 'Guest'} ${Date.now().toString(36)}${++counter}`
  return staffApi(
    page,
    'POST',
    '/api/admin/reservations',
    {
      email: `staff-booking-${Date.now()}-${counter}@example.com`,
      phone: '07700 900 321',
      startTime: '19:00',
      partySize: 2,
      additionalInfo: '',
      foodDrinks: 'food_and_drinks',
      status: 'confirmed',
      force: true,
      ...over,
      name,
    },
    at,
  ) as Promise<{ id: number; name: string; date: string; startTime: string; partySize: number; version: number }>
}

/** A booking's card in All Reservations. */
export const card = (page: Page, name: string) => page.getByRole('article', { name })
