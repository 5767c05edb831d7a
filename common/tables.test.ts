import { describe, expect, it } from 'vitest'
import {
  holdsOf,
  preparePlan,
  seatParty,
  shortName,
  tableTakenMessage,
  turnTimeFor,
  type FloorPlan,
  type PlanCombination,
  type PlanTable,
  type TableHold,
  type TurnTimeRule,
} from './tables'

const area = (id: number, over: Partial<FloorPlan['areas'][number]> = {}) => ({ id, name: `Area ${id}`, sortOrder: id, onlineBookable: true, isActive: true, ...over })
const table = (id: number, max: number, over: Partial<PlanTable> = {}): PlanTable => ({
  id,
  name: `T${id}`,
  areaId: 1,
  minCovers: 1,
  maxCovers: max,
  onlineBookable: true,
  isActive: true,
  sortOrder: id,
  ...over,
})
const combination = (id: number, tableIds: number[], min: number, max: number, over: Partial<PlanCombination> = {}): PlanCombination => ({
  ...table(id, max, { minCovers: min, name: `C${id}` }),
  tableIds,
  ...over,
})
const planOf = (over: Partial<FloorPlan> = {}): FloorPlan => ({ areas: [area(1), area(2)], tables: [], combinations: [], turnTimes: [], ...over })
const names = (p: FloorPlan, party: number, staff = false) => preparePlan(p).candidates(party, staff).map((c) => c.name)

describe('turnTimeFor', () => {
  const rules: TurnTimeRule[] = [
    { minParty: 1, maxParty: 2, durationMinutes: 90, weekday: null },
    { minParty: 3, maxParty: 4, durationMinutes: 120, weekday: null },
    { minParty: 1, maxParty: 4, durationMinutes: 150, weekday: 6 }, // Saturdays are slower
  ]
  it('takes the weekday rule before the every-day rule, and the setting where none covers the party', () => {
    expect(turnTimeFor(2, '2026-12-04', rules, 120)).toBe(90) // a Friday
    expect(turnTimeFor(4, '2026-12-04', rules, 120)).toBe(120)
    expect(turnTimeFor(2, '2026-12-05', rules, 120)).toBe(150) // a Saturday
    expect(turnTimeFor(5, '2026-12-05', rules, 135)).toBe(135)
    expect(turnTimeFor(2, '2026-12-04', [], 105)).toBe(105)
  })
})

describe('candidates for a party', () => {
  it('takes active tables and combinations whose covers include the party, best fit first', () => {
    const p = planOf({
      tables: [table(1, 2), table(2, 4), table(3, 4), table(4, 6, { areaId: 2 }), table(5, 8, { minCovers: 5 })],
      combinations: [combination(10, [2, 3], 5, 6)],
    })
    expect(names(p, 2)).toEqual(['T1', 'T2', 'T3', 'T4'])
    expect(names(p, 3)).toEqual(['T2', 'T3', 'T4'])
    // Spare seats first; at equal spare a single table before a combination; then area, then the table's order.
    expect(names(p, 6)).toEqual(['T4', 'C10', 'T5'])
    expect(names(p, 5)).toEqual(['T4', 'C10', 'T5'])
    expect(names(p, 8)).toEqual(['T5'])
    expect(names(p, 9)).toEqual([])
  })

  it('leaves out inactive tables, inactive areas, and combinations with an inactive table; guests see only what is online', () => {
    const p = planOf({
      areas: [area(1), area(2, { onlineBookable: false }), area(3, { isActive: false })],
      tables: [table(1, 4), table(2, 4, { isActive: false }), table(3, 4, { areaId: 2 }), table(4, 4, { areaId: 3 }), table(5, 4, { onlineBookable: false }), table(6, 4)],
      combinations: [combination(10, [1, 2], 5, 8), combination(11, [1, 6], 5, 8), combination(12, [1, 6], 5, 8, { onlineBookable: false })],
    })
    expect(names(p, 4)).toEqual(['T1', 'T6'])
    expect(names(p, 4, true)).toEqual(['T1', 'T5', 'T6', 'T3'])
    expect(names(p, 6)).toEqual(['C11'])
    expect(names(p, 6, true)).toEqual(['C11', 'C12'])
    expect(preparePlan(p).booksTables).toBe(true)
    expect(preparePlan(planOf({ tables: [table(1, 4, { isActive: false })] })).booksTables).toBe(false)
    expect(preparePlan(planOf({ areas: [area(1, { isActive: false })], tables: [table(1, 4)] })).booksTables).toBe(false)
  })
})

describe('seatParty', () => {
  const p = preparePlan(
    planOf({
      tables: [table(1, 2), table(2, 4), table(3, 4), table(4, 4, { areaId: 2 })],
      combinations: [combination(10, [2, 3], 5, 6)],
      turnTimes: [
        { minParty: 1, maxParty: 4, durationMinutes: 120, weekday: null },
        { minParty: 5, maxParty: 8, durationMinutes: 150, weekday: null },
      ],
    }),
  )
  const at = (startTime: string, partySize: number) => ({ date: '2026-12-04', startTime, partySize })
  const seat = (startTime: string, partySize: number, holds: TableHold[], closedAreaIds: number[] = []) =>
    seatParty(at(startTime, partySize), { plan: p, holds, closedAreaIds }, { staff: false, fallbackMinutes: 90 })

  it('takes the best free fit for the whole turn time, and a table is free again as the earlier visit ends', () => {
    expect(seat('19:00', 4, [])).toMatchObject({ ok: true, tableIds: [2], durationMinutes: 120 })
    const t2 = holdsOf(1, [2], '17:00', 120) // 17:00-19:00
    expect(seat('19:00', 4, t2)).toMatchObject({ ok: true, tableIds: [2] })
    expect(seat('18:30', 4, t2)).toMatchObject({ ok: true, tableIds: [3] })
    expect(seat('16:00', 6, t2)).toMatchObject({ ok: false, code: 'tables_taken', heldBy: [1], durationMinutes: 150 })
    expect(seat('14:30', 6, t2)).toMatchObject({ ok: true, tableIds: [2, 3] }) // 14:30 + 150 = 17:00
  })

  it('sees a hold from the evening before that runs past midnight', () => {
    const late: TableHold[] = [{ tableId: 2, reservationId: 9, start: -60, end: 60 }]
    expect(seat('00:30', 4, late)).toMatchObject({ ok: true, tableIds: [3] })
  })

  it('says why nothing fits: no table takes the party, the only ones are closed, or each is held (naming by whom)', () => {
    expect(seat('19:00', 9, [])).toMatchObject({ ok: false, code: 'no_table_fits', heldBy: [] })
    const allFour = [...holdsOf(1, [2], '19:00', 120), ...holdsOf(2, [3], '20:00', 60)]
    expect(seat('19:00', 4, allFour)).toMatchObject({ ok: true, tableIds: [4] })
    expect(seat('19:00', 4, allFour, [2])).toMatchObject({ ok: false, code: 'tables_taken', heldBy: [1, 2] })
    expect(seat('19:00', 4, [], [1, 2])).toMatchObject({ ok: false, code: 'area_closed' })
  })

  it('leaves out what is out of use from the date or earlier: a combination goes with its own date or any of its tables', () => {
    const plan = (tables: PlanTable[], combinations: PlanCombination[]) => preparePlan(planOf({ tables, combinations }))
    const on = (date: string, partySize: number, prepared: ReturnType<typeof preparePlan>) =>
      seatParty({ date, startTime: '19:00', partySize }, { plan: prepared, holds: [], closedAreaIds: [] }, { staff: true, fallbackMinutes: 90 })
    const retiring = plan([table(1, 4), table(2, 4, { outOfUseFrom: '2027-01-04' })], [combination(10, [1, 2], 5, 8)])
    expect(retiring.retires).toBe(true)
    expect(on('2027-01-03', 4, retiring)).toMatchObject({ ok: true, tableIds: [1] })
    expect(on('2027-01-03', 6, retiring)).toMatchObject({ ok: true, tableIds: [1, 2] })
    // From its date the table and its combination are not there: no table takes 6, and 4 sit at T1 only.
    expect(on('2027-01-04', 6, retiring)).toMatchObject({ ok: false, code: 'no_table_fits' })
    expect(on('2027-01-05', 4, retiring)).toMatchObject({ ok: true, tableIds: [1] })
    // A combination's own date, its tables in use.
    const own = plan([table(1, 4), table(2, 4)], [combination(10, [1, 2], 5, 8, { outOfUseFrom: '2027-02-01' })])
    expect(on('2027-01-31', 6, own)).toMatchObject({ ok: true, tableIds: [1, 2] })
    expect(on('2027-02-01', 6, own)).toMatchObject({ ok: false, code: 'no_table_fits' })
    expect(on('2027-02-01', 4, own)).toMatchObject({ ok: true, tableIds: [1] })
    expect(plan([table(1, 4)], []).retires).toBe(false)
  })
})

describe('staff messages', () => {
  it('names the holding booking shortly, with its party and times', () => {
    expect(shortName('John Smith')).toBe('J. Smith')
    expect(shortName('  mary  de la Cruz ')).toBe('M. Cruz')
    expect(shortName('Cher')).toBe('Cher')
    expect(tableTakenMessage('T4', { name: 'John Smith', partySize: 4, start: 19 * 60, end: 21 * 60 })).toBe(
      'T4 is taken by J. Smith (4 guests, 19:00–21:00) at that time: move that booking first.',
    )
    expect(tableTakenMessage('Snug', { name: 'Ann', partySize: 1, start: 23 * 60, end: 25 * 60 + 30 })).toBe(
      'Snug is taken by Ann (1 guest, 23:00–01:30) at that time: move that booking first.',
    )
  })
})
