/**
 * The site address (issue 36): PUBLIC_URL over the Site address setting, in
 * every link of the emails (a real SMTP server receives them); without a real
 * address one start-up line and a back-office notice say so; a notice too
 * when the address is not where the app is served from. Staff alerts go to
 * the venue's email when the Alerts email is empty.
 */
import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AdminNotices } from '#common/admin-notices'
import type { SiteSettingRow } from '#common/settings-schema'
import { startWorker } from '../../server/jobs/worker'
import { announceSiteAddress } from '../../server/settings/site-address'
import { afterFile } from '../helpers/after-file'
import { createTestApp, signedInAgent, type TestApp } from '../helpers/app'
import { startSmtpServer } from '../helpers/smtp'

const notices = async (agent: Awaited<ReturnType<typeof signedInAgent>>, host?: string, headers: Record<string, string> = {}) => {
  const req = agent.get('/api/admin/notices')
  if (host) req.set('Host', host)
  for (const [k, v] of Object.entries(headers)) req.set(k, v)
  return ((await req.expect(200)).body as AdminNotices).siteAddress
}
const startupLines = async (t: TestApp) => {
  const lines: string[] = []
  await announceSiteAddress(t.services.settings, (line) => lines.push(line))
  return lines
}

/** Saves the Site address at the version Settings reads it at (issue 33: no lost updates). */
async function putSiteUrl(owner: Awaited<ReturnType<typeof signedInAgent>>, value: string, status: number) {
  const rows = (await owner.get('/api/admin/site-settings').expect(200)).body as SiteSettingRow[]
  const version = rows.find((r) => r.settingKey === 'site_url')?.version ?? 0
  return owner.put('/api/admin/site-settings/site_url').send({ value, version }).expect(status)
}

describe('without PUBLIC_URL: the Site address setting', () => {
  let t: TestApp
  let owner: Awaited<ReturnType<typeof signedInAgent>>
  beforeAll(async () => {
    t = await createTestApp()
    owner = await signedInAgent(t)
  })

  it('out of the box (localhost): one start-up line, and the notice says it is not set', async () => {
    const lines = await startupLines(t)
    expect(lines).toEqual([
      'No site address: the links in emails lead to http://localhost:3000. Set PUBLIC_URL (or Settings > Venue Details > Site address) to the address guests use, such as https://www.thewheatsheafinn.co.uk.',
    ])
    expect(await notices(owner)).toEqual({ siteUrl: 'http://localhost:3000', fromEnv: false, problem: 'not-set', servedFrom: null })
    // However staff reach it, localhost is never an address for guests.
    expect((await notices(owner, 'www.wheatsheaf.test')).problem).toBe('not-set')
  })

  it('set to the address staff reach: no start-up line, no notice', async () => {
    await putSiteUrl(owner, 'https://www.wheatsheaf.test', 200)
    expect(await startupLines(t)).toEqual([])
    expect(await notices(owner, 'www.wheatsheaf.test')).toEqual({ siteUrl: 'https://www.wheatsheaf.test', fromEnv: false, problem: null, servedFrom: null })
    expect((await notices(owner, 'WWW.Wheatsheaf.TEST')).problem).toBeNull()
    // Staff on the pub's own computer (localhost) say nothing about the public address.
    expect((await notices(owner, 'localhost:3000')).problem).toBeNull()
    expect((await notices(owner, '127.0.0.1:3000')).problem).toBeNull()
  })

  it('another address than the one this page came from: the notice names both', async () => {
    expect(await notices(owner, 'old-pub.example')).toEqual({
      siteUrl: 'https://www.wheatsheaf.test',
      fromEnv: false,
      problem: 'mismatch',
      servedFrom: 'old-pub.example',
    })
    expect((await notices(owner, 'www.wheatsheaf.test:8443')).problem).toBe('mismatch')
    // Without TRUST_PROXY, X-Forwarded-Host is anyone's to send: the Host is what counts.
    expect((await notices(owner, 'www.wheatsheaf.test', { 'X-Forwarded-Host': 'evil.example' })).problem).toBeNull()
  })
})

describe('behind a proxy (TRUST_PROXY)', () => {
  it('compares with X-Forwarded-Host, the address the browser reached', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: 'true' } })
    const owner = await signedInAgent(t)
    await putSiteUrl(owner, 'https://www.wheatsheaf.test', 200)
    expect((await notices(owner, '127.0.0.1:3000', { 'X-Forwarded-Host': 'www.wheatsheaf.test' })).problem).toBeNull()
    expect(await notices(owner, '127.0.0.1:3000', { 'X-Forwarded-Host': 'staging.wheatsheaf.test' })).toMatchObject({ problem: 'mismatch', servedFrom: 'staging.wheatsheaf.test' })
  })
})

describe('PUBLIC_URL', () => {
  const PUBLIC_URL = 'https://book.wheatsheaf.test'
  const VENUE_EMAIL = 'hello@wheatsheaf-littlehadham.co.uk'
  let t: TestApp
  let owner: Awaited<ReturnType<typeof signedInAgent>>
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  beforeAll(async () => {
    smtp = await startSmtpServer()
    t = await createTestApp({ env: { PUBLIC_URL, SMTP_URL: smtp.url } })
    owner = await signedInAgent(t)
    const worker = await startWorker(t.deps, t.services, { pollInterval: 100, staffAlertWaitMs: 300 })
    afterFile(() => worker.stop())
  })

  it('wins over the stored setting: Settings shows it and cannot change it; no start-up line', async () => {
    const rows = (await owner.get('/api/admin/site-settings').expect(200)).body as SiteSettingRow[]
    expect(rows.find((r) => r.settingKey === 'site_url')).toMatchObject({ settingValue: PUBLIC_URL, fromEnv: true })
    const refused = await putSiteUrl(owner, 'https://elsewhere.example', 400)
    expect(refused.body.message).toBe('The site address is set by PUBLIC_URL on the server: change it there.')
    expect((await t.services.settings.venue()).site_url).toBe(PUBLIC_URL)
    expect(await startupLines(t)).toEqual([])
    expect(await notices(owner, 'book.wheatsheaf.test')).toEqual({ siteUrl: PUBLIC_URL, fromEnv: true, problem: null, servedFrom: null })
  })

  it('is the address of every link in a guest email, and the staff alert goes to the venue\'s email when no Alerts email is set', async () => {
    expect((await t.services.settings.getMany(['venue_notification_email'])).venue_notification_email).toBe('')
    const email = 'public-url-guest@example.com'
    await request(t.app)
      .post('/api/reservations')
      .send({ name: 'Ann Guest', email, phone: '07700 900 000', date: '2026-12-05', startTime: '19:00', partySize: 2, receiveOffers: true })
      .expect(201)
    await expect.poll(() => smtp.received.filter((m) => m.envelopeTo.includes(email)).length, { timeout: 15_000 }).toBe(1)
    const mail = smtp.received.find((m) => m.envelopeTo.includes(email))!
    const links = [...`${mail.text} ${mail.html}`.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((m) => m[0])
    expect(links.some((l) => l.startsWith(`${PUBLIC_URL}/booking/manage/`))).toBe(true)
    expect(links.some((l) => l.startsWith(`${PUBLIC_URL}/unsubscribe?token=`))).toBe(true)
    expect(links.filter((l) => l.includes('localhost'))).toEqual([])
    expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line.replace(/\s+/g, '')).toContain(`<${PUBLIC_URL}/unsubscribe?token=`)

    await expect.poll(() => smtp.received.filter((m) => m.envelopeTo.includes(VENUE_EMAIL)).length, { timeout: 15_000 }).toBe(1)
    const alert = smtp.received.find((m) => m.envelopeTo.includes(VENUE_EMAIL))!
    expect(alert.text).toContain(email)
  })
})
