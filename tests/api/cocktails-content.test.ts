/** Cocktails page content: staff read and save it; the public page and API follow at once, and the page falls back to the defaults when it cannot be read. */
import { sql } from 'drizzle-orm'
import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import { COCKTAILS_DEFAULTS } from '#common/settings'
import { createTestApp, signedInAgent, signedInAs, type TestApp } from '../helpers/app'

let t: TestApp
let staff: Awaited<ReturnType<typeof signedInAgent>>
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z' })
  staff = await signedInAgent(t)
})

const offer = { ...COCKTAILS_DEFAULTS, specialOfferTitle: '3 for £20', specialOfferDetails: 'Any three classics', specialOfferTimes: 'Fridays, 5pm to 7pm', galleryImages: ['a.webp', 'b.webp'] }

describe('/api/admin/cocktails-content', () => {
  it('is for staff only', async () => {
    await request(t.app).get('/api/admin/cocktails-content').expect(401)
    await request(t.app).post('/api/admin/cocktails-content').set('Sec-Fetch-Site', 'same-origin').send(offer).expect(401)
  })

  it('gives the defaults (2 for £14) before anything is saved, with the version a save sends back', async () => {
    expect((await staff.get('/api/admin/cocktails-content').expect(200)).body).toEqual({ ...COCKTAILS_DEFAULTS, version: 1 })
  })

  it('saves the offer and gallery; the public API shows them at once', async () => {
    expect((await staff.post('/api/admin/cocktails-content').send({ ...offer, version: 1 }).expect(200)).body).toEqual({ ...offer, version: 2 })
    expect((await request(t.app).get('/api/cocktails-content').expect(200)).body).toEqual(offer)
  })

  it('refuses a save made over a newer one (409, the page as it is now) and writes one audit row per save', async () => {
    const sam = await signedInAs(t, 'manager', 'sam')
    const read = (await staff.get('/api/admin/cocktails-content').expect(200)).body
    await sam.post('/api/admin/cocktails-content').send({ ...read, specialOfferTimes: 'Fridays, 6pm to 8pm' }).expect(200)
    const res = await staff.post('/api/admin/cocktails-content').send({ ...read, introText: 'Shaken, not stirred.' }).expect(409)
    expect(res.body.message).toMatch(/^This page was changed by sam at \d\d:\d\d while you were editing\.$/)
    expect(res.body.current).toEqual({ ...offer, specialOfferTimes: 'Fridays, 6pm to 8pm', version: read.version + 1 })
    const { rows } = await t.db.$client.query("select username, summary, before, after from audit_log where entity_type = 'cocktails' order by id")
    expect(rows.map((r) => [r.username, r.summary])).toEqual([
      ['staff', 'changed the cocktails page'],
      ['sam', 'changed the cocktails page'],
    ])
    expect(rows[1]).toMatchObject({ before: { specialOfferTimes: offer.specialOfferTimes }, after: { specialOfferTimes: 'Fridays, 6pm to 8pm' } })
    // Put back as the tests below expect it.
    await sam.post('/api/admin/cocktails-content').send({ ...offer, version: read.version + 1 }).expect(200)
  })

  it('refuses bad input with 400, keeping what was saved', async () => {
    expect((await staff.post('/api/admin/cocktails-content').send({ ...offer, specialOfferTitle: 'x'.repeat(201) }).expect(400)).body.message).toBeTruthy()
    expect(JSON.stringify((await staff.post('/api/admin/cocktails-content').send({ ...offer, galleryImages: 'a.webp' }).expect(400)).body)).toContain(
      'galleryImages must be a list of file names',
    )
    expect(JSON.stringify((await staff.post('/api/admin/cocktails-content').send({ ...offer, galleryImages: Array(13).fill('a.webp') }).expect(400)).body)).toContain(
      'At most 12 gallery images',
    )
    expect((await staff.get('/api/admin/cocktails-content').expect(200)).body).toMatchObject(offer)
  })
})

describe('the public page when the content cannot be read', () => {
  it('falls back to the defaults instead of failing', async () => {
    await t.db.execute(sql`alter table cocktails_content rename to cocktails_content_away`)
    try {
      await expect(t.services.cocktails.get()).rejects.toThrow()
      expect(await t.services.cocktails.pageContent()).toEqual(COCKTAILS_DEFAULTS)
    } finally {
      await t.db.execute(sql`alter table cocktails_content_away rename to cocktails_content`)
    }
    expect(await t.services.cocktails.pageContent()).toEqual(offer)
  })
})
