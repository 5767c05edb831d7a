/**
 * The table engine against random venues (issue 34, 'Must show'): random
 * plans (areas, tables, combinations, online or staff only), random turn
 * times, and random sequences of guest bookings, guests' moves through the
 * manage link, staff moves, cancellations and staff table assignments, all
 * through the app on a real database. After every step:
 *
 * - a time the guest was offered is booked (201), and a time they were not
 *   offered is refused (409): the offer and the booking never disagree, with
 *   nothing changed in between;
 * - no two active bookings hold one table at overlapping times.
 */
import fc from 'fast-check'
import { sql } from 'drizzle-orm'
import request from 'supertest'
import type TestAgent from 'supertest/lib/agent'
import { beforeAll, describe, expect, it } from 'vitest'
import { manageLinkFor } from '../../server/reservations/manage-link'
import { createTestApp, signedInAgent, type TestApp } from '../helpers/app'
import { versionOf } from '../helpers/versions'
import { seededPreference } from '../helpers/guest-booking'
import { MANAGE_MESSAGES } from '#common/manage-booking'
import { drawPlan, erasePlan, type PlanSketch } from '../helpers/floor-plan'

const DAY = '2026-12-05' // a Saturday, open 12:00-23:30
const LATER = '2026-12-06' // a table out of use from the day after is in use on DAY
const TIMES = ['17:00', '17:30', '18:00', '18:30', '19:00', '19:30', '20:00', '20:30', '21:00']

let t: TestApp
let staff: TestAgent
beforeAll(async () => {
  // Every guest books one date with one phone: the guest limits and the challenge are tested in tests/api/guest-limits.test.ts.
  t = await createTestApp({
    now: '2026-11-21T12:00:00Z',
    env: { TRUST_PROXY: 'true', BOOKINGS_PER_GUEST_PER_DATE: '1000', BOOKINGS_PER_ADDRESS_PER_DATE: '1000', CHALLENGE_AFTER_PER_ADDRESS: '100000', CHALLENGE_AFTER_SITE: '100000' },
  })
  staff = await signedInAgent(t)
  await t.services.settings.set('booking_max_covers_per_slot', '0')
})

const planArb: fc.Arbitrary<PlanSketch> = fc
  .record({
    // An area may be out of its season on the evening's date (December): closed then, as for rain.
    areas: fc.array(fc.record({ onlineBookable: fc.boolean(), season: fc.constantFrom(null, null, { from: 1, to: 11 }, { from: 11, to: 2 }, { from: 12, to: 12 }) }), { minLength: 1, maxLength: 2 }),
    // A table may be out of use from the evening's date (never offered, refused when staff name it) or from a later one.
    tables: fc.array(fc.record({ area: fc.nat(1), max: fc.integer({ min: 2, max: 6 }), min: fc.constantFrom(1, 1, 2), online: fc.oneof(fc.constant(true), fc.boolean()), outOfUse: fc.constantFrom(null, null, null, DAY, LATER) }), {
      minLength: 1,
      maxLength: 6,
    }),
    combos: fc.array(fc.tuple(fc.nat(5), fc.nat(5), fc.boolean()), { maxLength: 2 }),
    turns: fc.tuple(fc.constantFrom(60, 90, 120), fc.constantFrom(90, 120, 150), fc.constantFrom(120, 150, 180)),
  })
  .map(({ areas, tables, combos, turns }) => {
    const areaNames = areas.map((_, i) => `Area ${i}`)
    const drawn = tables.map((x, i) => ({ name: `T${i}`, area: areaNames[x.area % areaNames.length]!, min: Math.min(x.min, x.max), max: x.max, onlineBookable: x.online, outOfUseFrom: x.outOfUse }))
    const combinations = combos.flatMap(([a, b, online], i) => {
      const one = drawn[a % drawn.length]!
      const two = drawn[b % drawn.length]!
      if (one === two || one.area !== two.area) return []
      return [{ name: `C${i}`, area: one.area, tables: [one.name, two.name], min: 3, max: one.max + two.max - 1, onlineBookable: online }]
    })
    const unique = combinations.filter((c, i) => combinations.findIndex((d) => d.tables.join() === c.tables.join() || d.tables.join() === [...c.tables].reverse().join()) === i)
    return {
      areas: areas.map((a, i) => ({ name: areaNames[i]!, onlineBookable: a.onlineBookable, season: a.season })),
      tables: drawn,
      combinations: unique,
      turnTimes: [
        { minParty: 1, maxParty: 2, durationMinutes: turns[0] },
        { minParty: 3, maxParty: 4, durationMinutes: turns[1] },
        { minParty: 5, maxParty: 20, durationMinutes: turns[2] },
      ],
    }
  })

type Step =
  | { kind: 'book'; party: number; time: string }
  | { kind: 'guestMove'; which: number; party: number; time: string }
  | { kind: 'staffMove'; which: number; time: string }
  | { kind: 'cancel'; which: number }
  | { kind: 'assign'; which: number; tables: number[] }

const time = fc.constantFrom(...TIMES)
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('book' as const), party: fc.integer({ min: 1, max: 8 }), time }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('guestMove' as const), which: fc.nat(20), party: fc.integer({ min: 1, max: 6 }), time }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('staffMove' as const), which: fc.nat(20), time }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), which: fc.nat(20) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('assign' as const), which: fc.nat(20), tables: fc.uniqueArray(fc.nat(5), { minLength: 1, maxLength: 2 }) }) },
)

let ip = 0
const nextIp = () => `10.77.${(++ip >> 8) & 255}.${ip & 255}`

async function overlaps(): Promise<number> {
  const { rows } = await t.db.execute(sql`select count(*)::int as n from reservation_tables a join reservation_tables b
    on a.table_id = b.table_id and a.reservation_id < b.reservation_id where a.active and b.active and a.during && b.during`)
  return (rows[0] as { n: number }).n
}

describe('the table engine, on random venues and random evenings', () => {
  it('never offers a time it then refuses, never refuses one it offered, and never seats two bookings at one table at once', async () => {
    await fc.assert(
      fc.asyncProperty(planArb, fc.array(stepArb, { minLength: 6, maxLength: 14 }), async (sketch, steps) => {
        await t.db.execute(sql`delete from reservations`)
        await erasePlan(t.db)
        const drawn = await drawPlan(t.db, sketch)
        const tableIds = [...drawn.tableIds.values()]
        t.services.reservations.forgetDays()
        const booked: { id: number; date: string; party: number }[] = []
        for (const step of steps) {
          const target = 'which' in step && booked.length ? booked[step.which % booked.length]! : undefined
          if (step.kind === 'book') {
            const offered = (await request(t.app).get(`/api/availability/slots/${DAY}?partySize=${step.party}`).expect(200)).body as { startTime: string }[]
            const res = await request(t.app)
              .post('/api/reservations')
              .set('X-Forwarded-For', nextIp())
              .send({ name: 'Prop Guest', email: `prop-${ip}@example.com`, phone: '07700 900 000', date: DAY, startTime: step.time, partySize: step.party, foodDrinks: seededPreference(DAY, step.time) })
            const wasOffered = offered.some((s) => s.startTime === step.time)
            expect(res.status, `${step.party} at ${step.time}, offered ${wasOffered}: ${res.body.message ?? ''}`).toBe(wasOffered ? 201 : 409)
            if (res.status === 201) booked.push({ id: res.body.id, date: DAY, party: step.party })
          } else if (step.kind === 'guestMove' && target) {
            const token = manageLinkFor(t.config, 'http://localhost', target.id, target.date).split('/').at(-1)!
            const view = await request(t.app).get(`/api/manage-booking/${token}`).expect(200)
            if (view.body.state !== 'open') continue
            const offered = (await request(t.app).get(`/api/manage-booking/${token}/slots/${DAY}?partySize=${step.party}`).expect(200)).body as { startTime: string }[]
            const res = await request(t.app).patch(`/api/manage-booking/${token}`).send({ date: DAY, startTime: step.time, partySize: step.party })
            // A link takes MANAGE_CHANGES_PER_HOUR changes an hour (issue 31; tests/api/inbox-flooding.test.ts): past them the
            // guest is told to wait, whatever the tables say, and nothing changed.
            if (res.status === 429) {
              expect(res.body.message).toBe(MANAGE_MESSAGES.tooManyChanges)
              continue
            }
            const wasOffered = offered.some((s) => s.startTime === step.time)
            const unchanged = view.body.booking.startTime === step.time && view.body.booking.partySize === step.party
            if (!unchanged) expect(res.status, `guest move of ${target.id} to ${step.party} at ${step.time}, offered ${wasOffered}`).toBe(wasOffered ? 200 : 409)
            if (res.status === 200) target.party = step.party
          } else if (step.kind === 'staffMove' && target) {
            const res = await staff.patch(`/api/admin/reservations/${target.id}`).send({
              name: 'Prop Guest', email: `prop-move-${target.id}@example.com`, phone: '07700 900 000', date: DAY, startTime: step.time, partySize: target.party,
              additionalInfo: '', foodDrinks: 'food_and_drinks', status: 'confirmed', force: true, version: await versionOf(t.db, 'reservations', target.id),
            })
            expect([200, 409], res.body.message).toContain(res.status)
          } else if (step.kind === 'cancel' && target) {
            await staff.patch(`/api/admin/reservations/${target.id}`).send({ status: 'cancelled', version: await versionOf(t.db, 'reservations', target.id) }).expect(200)
          } else if (step.kind === 'assign' && target) {
            const ids = step.tables.map((i) => tableIds[i % tableIds.length]!).filter((id, i, all) => all.indexOf(id) === i)
            const res = await staff.patch(`/api/admin/reservations/${target.id}`).send({ tableIds: ids, version: await versionOf(t.db, 'reservations', target.id) })
            // Tables named for a cancelled booking are not checked (it holds none), as before.
            const outOfUse = sketch.tables.filter((x) => x.outOfUseFrom === DAY).map((x) => drawn.tableIds.get(x.name)!)
            const { rows } = await t.db.$client.query<{ status: string }>('select status from reservations where id = $1', [target.id])
            if (rows[0]!.status !== 'cancelled' && ids.some((id) => outOfUse.includes(id))) {
              expect(res.status, res.body.message).toBe(400)
              expect(res.body.errors.tableIds).toMatch(/ is out of use from /)
              continue
            }
            expect([200, 409], res.body.message).toContain(res.status)
            if (res.status === 409) expect(res.body.code).toBe('table_taken')
          }
          expect(await overlaps()).toBe(0)
        }
      }),
      { numRuns: 25, interruptAfterTimeLimit: 18_000 },
    )
  }, 60_000)
})
