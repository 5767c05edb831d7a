/**
 * The demo floor plan (issue 34, decision 0022): drawn on the first run of a
 * new install, decided once, never into a pub already running, never into
 * the test databases unless asked.
 */
import { describe, expect, it } from 'vitest'
import { DEMO_PLAN_SETTING, seed } from '../../server/db/seed'
import { createTestApp, signedInAgent } from '../helpers/app'

const NOW = { now: new Date('2026-11-21T12:00:00Z'), timeZone: 'Europe/London' }

async function plan(t: Awaited<ReturnType<typeof createTestApp>>) {
  const q = async (sql: string) => (await t.db.$client.query(sql)).rows
  return {
    areas: (await q('select name, weather_dependent from areas order by sort_order')).map((r) => `${r.name}${r.weather_dependent ? ' (weather)' : ''}`),
    tables: (await q('select t.name, t.min_covers, t.max_covers from dining_tables t join areas a on a.id = t.area_id order by a.sort_order, t.sort_order')).map(
      (r) => `${r.name}:${r.min_covers === 1 ? '' : `${r.min_covers}-`}${r.max_covers}`,
    ),
    combinations: (await q('select name, min_covers, max_covers from table_combinations order by sort_order')).map((r) => `${r.name} ${r.min_covers}-${r.max_covers}`),
    turnTimes: (await q('select min_party, max_party, duration_minutes from turn_times order by min_party')).map((r) => `${r.min_party}-${r.max_party}:${r.duration_minutes}`),
    decided: (await q(`select setting_value from site_settings where setting_key = '${DEMO_PLAN_SETTING}'`))[0]?.setting_value,
  }
}

describe('the demo floor plan', () => {
  it('is not drawn in the test databases unless a test asks: the covers rules stay', async () => {
    const t = await createTestApp()
    expect(await plan(t)).toEqual({ areas: [], tables: [], combinations: [], turnTimes: [], decided: 'skipped' })
  })

  it('is drawn on the first run of a new install, once, and running the seed again changes nothing', async () => {
    const t = await createTestApp({ seed: false })
    await seed(t.db, { ...NOW, demoPlan: true })
    const drawn = await plan(t)
    expect(drawn).toEqual({
      areas: ['Restaurant', 'Bar', 'Snug', 'Garden (weather)'],
      tables: ['T1:2', 'T2:2', 'T3:2', 'T4:4', 'T5:4', 'T6:4', 'T7:6', 'T8:6', 'B1:2', 'B2:2', 'B3:4', 'B4:4', 'Snug:5-8', 'G1:4', 'G2:4', 'G3:4', 'G4:4', 'G5:4', 'G6:4'],
      combinations: ['T4 + T5 6-8', 'G1 + G2 6-8'],
      turnTimes: ['1-2:90', '3-4:120', '5-500:150'],
      decided: 'drawn',
    })
    await seed(t.db, { ...NOW, demoPlan: true })
    expect(await plan(t)).toEqual(drawn)
    // Staff delete the whole plan: it does not come back on the next start.
    await t.db.$client.query('delete from table_combinations; delete from dining_tables; delete from areas')
    await seed(t.db, { ...NOW, demoPlan: true })
    expect((await plan(t)).tables).toEqual([])
  })

  it('is never drawn into a pub that was running before tables (it has events), even once it deletes them all', async () => {
    const t = await createTestApp({ seed: false })
    // The release before tables: the demo content, no plan, no decision.
    await seed(t.db, NOW)
    await t.db.$client.query(`delete from site_settings where setting_key = '${DEMO_PLAN_SETTING}'`)
    await seed(t.db, { ...NOW, demoPlan: true })
    expect(await plan(t)).toMatchObject({ areas: [], decided: 'skipped' })
    await t.db.$client.query('delete from events')
    await seed(t.db, { ...NOW, demoPlan: true })
    expect((await plan(t)).areas).toEqual([])
  })

  it('a test that wants it asks createTestApp for it, and the API shows it', async () => {
    const t = await createTestApp({ demoPlan: true })
    const agent = await signedInAgent(t)
    expect((await agent.get('/api/admin/tables').expect(200)).body).toHaveLength(19)
    expect((await agent.get('/api/admin/table-combinations').expect(200)).body.map((c: { name: string }) => c.name)).toEqual(['T4 + T5', 'G1 + G2'])
    expect((await agent.get('/api/admin/turn-times').expect(200)).body.rules).toHaveLength(3)
  })
})
