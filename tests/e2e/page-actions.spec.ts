/**
 * Page actions over HTTP against the production build (no browser needed):
 * the one body limit in front of React Router (issue 31, item 1), and the
 * /unsubscribe page a guest's email links to, including the RFC 8058
 * one-click POST a mail app sends.
 */
import type net from 'node:net'
import { expect, test } from '@playwright/test'
import { signToken } from '../../server/signed-tokens'
import { rawExchange } from '../helpers/raw-http'
import { withServerDatabase } from './db'
import { gotoHydrated, test as pageTest } from './fixtures'

const port = Number(process.env.E2E_PORT ?? 3100)
/** The e2e server's secret (tests/e2e/serve.mjs): tokens signed with it are the ones its emails carry. */
const SECRET = 'e2e-session-secret-e2e-session-secret'
const unsubscribeToken = (email: string, expires = new Date(Date.now() + 86_400_000)) => signToken(SECRET, 'unsubscribe', { e: email }, expires)

/** Raw bytes to the test server; resolves with its answer once it closes the connection. */
const exchange = async (write: (socket: net.Socket) => void) => (await rawExchange(port, write)).answer

test.describe('a page action gets its body only through the one limit', () => {
  test('TRACE and other methods undici refuses answer 405, not 500', async () => {
    for (const method of ['TRACE', 'PROPFIND']) {
      const answer = await exchange((s) => s.write(`${method} /unsubscribe HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`))
      expect(answer, method).toMatch(/^HTTP\/1\.1 405 /)
    }
  })

  test('a 200 MB form is refused with 413 from its headers; one sent without a length once it passes 16 KB', async () => {
    const declared = await exchange((s) => {
      s.write(`POST /unsubscribe HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${200 * 1024 * 1024}\r\n\r\n`)
      s.write(`token=${'a'.repeat(64 * 1024)}`)
    })
    expect(declared).toMatch(/^HTTP\/1\.1 413 /)
    expect(declared).toContain('The form sent was too large (more than 16 KB). Nothing was saved.')
    const chunked = await exchange((s) => {
      s.write('POST /unsubscribe HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n')
      for (let i = 0; i < 4; i++) s.write(`2000\r\n${'a'.repeat(0x2000)}\r\n`)
    })
    expect(chunked).toMatch(/^HTTP\/1\.1 413 /)
  })

  test('no body, or one that is not a form, answers 400 and changes nothing', async ({ request }) => {
    for (const [type, body] of [
      [undefined, undefined],
      ['application/octet-stream', 'token=x'],
      ['multipart/form-data', 'token=x'],
      ['multipart/form-data; boundary=b', '--b\r\nnot a part'],
    ] as const) {
      const res = await request.post('/unsubscribe', { headers: type ? { 'Content-Type': type } : {}, data: body })
      expect(res.status(), String(type)).toBe(400)
      expect(await res.text()).toBe('This page takes a form: the request carried none it could read.')
    }
  })
})

test.describe('/unsubscribe, the link in every guest email', () => {
  const email = `stop-offers-${Date.now()}@example.com`
  test.beforeAll(async () => {
    await withServerDatabase((client) => client.query("insert into marketing_consents (email, name, source) values ($1, 'Olive Offers', 'booking')", [email]))
  })
  const unsubscribedAt = () =>
    withServerDatabase(async (client) => (await client.query<{ at: Date | null }>('select unsubscribed_at as at from marketing_consents where email = $1', [email])).rows[0]!.at)

  test('shows whose address it is for, and records the opt-out from its button (a form post without scripts)', async ({ request }) => {
    const token = unsubscribeToken(email)
    const page = await request.get(`/unsubscribe?token=${token}`)
    expect(page.status()).toBe(200)
    const html = await page.text()
    expect(html).toContain('Stop offers and updates from')
    expect(html).toContain('st…@example.com')
    expect(html).not.toContain(email)
    expect(await unsubscribedAt()).toBeNull()
    const done = await request.post(`/unsubscribe?token=${token}`, { form: { token } })
    expect(done.status()).toBe(200)
    expect(await done.text()).toContain('Done: you will not get offers from')
    expect(await unsubscribedAt()).not.toBeNull()
  })

  test("takes a mail app's one-click unsubscribe (RFC 8058: a POST of List-Unsubscribe=One-Click to the link)", async ({ request }) => {
    const other = `one-click-${Date.now()}@example.com`
    await withServerDatabase((client) => client.query("insert into marketing_consents (email, name, source) values ($1, 'One Click', 'booking')", [other]))
    const res = await request.post(`/unsubscribe?token=${unsubscribeToken(other)}`, {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      data: 'List-Unsubscribe=One-Click',
    })
    expect(res.status()).toBe(200)
    const at = await withServerDatabase(async (client) => (await client.query('select unsubscribed_at from marketing_consents where email = $1', [other])).rows[0].unsubscribed_at)
    expect(at).not.toBeNull()
  })

  test('says why a link does not work: cut short, tampered with, or expired; and changes nothing', async ({ request }) => {
    const stranger = `untouched-${Date.now()}@example.com`
    await withServerDatabase((client) => client.query("insert into marketing_consents (email, name, source) values ($1, 'Una Touched', 'booking')", [stranger]))
    const good = unsubscribeToken(stranger)
    for (const [token, words] of [
      [good.slice(0, 20), 'This link does not work'],
      [`${good.slice(0, -2)}xx`, 'This link does not work'],
      [unsubscribeToken(stranger, new Date(Date.now() - 60_000)), 'This link has expired.'],
    ] as const) {
      expect(await (await request.get(`/unsubscribe?token=${token}`)).text()).toContain(words)
      const posted = await request.post(`/unsubscribe?token=${token}`, { form: { token } })
      expect(posted.status()).toBe(200)
    }
    const at = await withServerDatabase(async (client) => (await client.query('select unsubscribed_at from marketing_consents where email = $1', [stranger])).rows[0].unsubscribed_at)
    expect(at).toBeNull()
  })
})

pageTest('a guest stops offers with the button in a browser (the form posted by script, through the same limit)', async ({ page }) => {
  const email = `button-${Date.now()}@example.com`
  await withServerDatabase((client) => client.query("insert into marketing_consents (email, name, source) values ($1, 'Bea Button', 'booking')", [email]))
  await page.setViewportSize({ width: 390, height: 844 })
  await gotoHydrated(page, `/unsubscribe?token=${unsubscribeToken(email)}`)
  await page.getByRole('button', { name: 'Stop offers' }).click()
  await expect(page.getByRole('status')).toContainText('Done: you will not get offers from')
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/unsubscribe-done-390.png`, fullPage: true })
  const at = await withServerDatabase(async (client) => (await client.query('select unsubscribed_at from marketing_consents where email = $1', [email])).rows[0].unsubscribed_at)
  expect(at).not.toBeNull()
})
