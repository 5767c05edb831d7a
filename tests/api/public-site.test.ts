import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import { heroSlides } from '../../server/db/schema'
import { createTestApp, type TestApp } from '../helpers/app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z' })
})

describe('GET /api/hero-slides', () => {
  it('answers [] when there are no slides (the page shows its defaults)', async () => {
    await t.db.delete(heroSlides)
    const res = await request(t.app).get('/api/hero-slides').expect(200)
    expect(res.body).toEqual([])
  })

  it('lists only active slides, by order', async () => {
    await t.db.delete(heroSlides)
    await t.db.insert(heroSlides).values([
      { title: 'Third', image: '/c.webp', order: 3, buttons: [{ text: 'See Events', link: '/events' }] },
      { title: 'Hidden', image: '/h.webp', order: 0, isActive: false },
      { title: 'First', image: '/a.webp', order: 1 },
      { title: 'Second', image: '/b.webp', order: 2 },
    ])
    const res = await request(t.app).get('/api/hero-slides').expect(200)
    expect(res.body.map((s: { title: string }) => s.title)).toEqual(['First', 'Second', 'Third'])
    expect(res.body[2]).toMatchObject({ isActive: true, buttons: [{ text: 'See Events', link: '/events' }] })
  })
})

describe('GET /api/site-settings/{key}', () => {
  it('serves the footer opening hours to the public', async () => {
    await t.services.settings.set('footer_opening_hours', 'Daily\n11am – 11pm')
    const res = await request(t.app).get('/api/site-settings/footer_opening_hours').expect(200)
    expect(res.body.value).toBe('Daily\n11am – 11pm')
  })

  it('serves the kitchen note to the public', async () => {
    const res = await request(t.app).get('/api/site-settings/footer_kitchen_hours').expect(200)
    expect(typeof res.body.value).toBe('string')
  })

  it('answers 404 for a key that is not public', async () => {
    const res = await request(t.app).get('/api/site-settings/booking_capacity_covers').expect(404)
    expect(res.body).toHaveProperty('message')
  })
})
