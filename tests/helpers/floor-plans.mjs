// Floor plans shared by the tests (tests/helpers/floor-plan.ts) and `npm run bench` (issue 34), and a
// plain-SQL drawing of one for the bench, which talks to its database with node-postgres alone.

/**
 * The demo plan of issue 34 (18 tables, 2 combinations): Restaurant T1–T8 of
 * 2, 2, 2, 4, 4, 4, 6, 6; Bar B1–B4; a Snug for 5 to 8; Garden G1–G5,
 * weather-dependent; turn times 1–2: 90 min, 3–4: 120, 5+: 150.
 */
export const DEMO_PLAN = {
  areas: [{ name: 'Restaurant' }, { name: 'Bar' }, { name: 'Snug' }, { name: 'Garden', weatherDependent: true }],
  tables: [
    ...[2, 2, 2, 4, 4, 4, 6, 6].map((max, i) => ({ name: `T${i + 1}`, area: 'Restaurant', max })),
    ...[2, 2, 4, 4].map((max, i) => ({ name: `B${i + 1}`, area: 'Bar', max })),
    { name: 'Snug', area: 'Snug', min: 5, max: 8 },
    ...[2, 2, 4, 4, 6].map((max, i) => ({ name: `G${i + 1}`, area: 'Garden', max })),
  ],
  combinations: [
    { name: 'T4 + T5', area: 'Restaurant', tables: ['T4', 'T5'], min: 5, max: 6 },
    { name: 'T7 + T8', area: 'Restaurant', tables: ['T7', 'T8'], min: 8, max: 12 },
  ],
  turnTimes: [
    { minParty: 1, maxParty: 2, durationMinutes: 90 },
    { minParty: 3, maxParty: 4, durationMinutes: 120 },
    { minParty: 5, maxParty: 500, durationMinutes: 150 },
  ],
}

/** A bigger venue: 40 tables in four areas and 12 combinations of neighbours. */
export function largePlan() {
  const areaNames = ['Front', 'Back', 'Conservatory', 'Terrace']
  const sizes = [2, 2, 4, 4, 4, 6, 2, 4, 6, 8]
  const tables = areaNames.flatMap((area, a) => sizes.map((max, i) => ({ name: `${area[0]}${a}-${i + 1}`, area, max })))
  const pairs = [[3, 4], [5, 6], [9, 10]]
  const combinations = areaNames.flatMap((area, a) =>
    pairs.map(([x, y]) => ({ name: `${area[0]}${a}-${x} + ${y}`, area, tables: [`${area[0]}${a}-${x}`, `${area[0]}${a}-${y}`], min: 6, max: sizes[x - 1] + sizes[y - 1] - 2 })),
  )
  return { areas: areaNames.map((name) => ({ name })), tables, combinations, turnTimes: DEMO_PLAN.turnTimes }
}

/**
 * Draws a plan with plain SQL (`query(text, values)`), after taking every
 * table drawn before out of use (bookings keep the rows of the tables they
 * hold) and replacing the turn-time rules.
 */
export async function drawPlanSql(query, plan, { prefix = '' } = {}) {
  await query('update dining_tables set is_active = false')
  await query('update areas set is_active = false')
  await query('delete from turn_times')
  for (const [i, a] of plan.areas.entries()) {
    await query('insert into areas (name, sort_order, weather_dependent) values ($1, $2, $3)', [prefix + a.name, i, a.weatherDependent ?? false])
  }
  for (const [i, t] of plan.tables.entries()) {
    await query(
      `insert into dining_tables (name, area_id, min_covers, max_covers, sort_order)
       select $1, id, $2, $3, $4 from areas where name = $5`,
      [prefix + t.name, t.min ?? 1, t.max, i, prefix + t.area],
    )
  }
  for (const [i, c] of (plan.combinations ?? []).entries()) {
    await query(
      `insert into table_combinations (name, area_id, min_covers, max_covers, sort_order) select $1, id, $2, $3, $4 from areas where name = $5`,
      [prefix + c.name, c.min ?? 1, c.max, i, prefix + c.area],
    )
    await query(
      `insert into table_combination_members (combination_id, table_id)
       select c.id, t.id from table_combinations c, dining_tables t where c.name = $1 and t.name = any($2::text[])`,
      [prefix + c.name, c.tables.map((name) => prefix + name)],
    )
  }
  for (const r of plan.turnTimes ?? []) {
    await query('insert into turn_times (min_party, max_party, duration_minutes, weekday) values ($1, $2, $3, $4)', [r.minParty, r.maxParty, r.durationMinutes, r.weekday ?? null])
  }
}
