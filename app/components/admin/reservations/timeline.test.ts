import { describe, expect, it } from 'vitest'
import type { AdminReservation } from '#common/admin-reservations-schema'
import type { AdminArea, AdminTable } from '#common/tables-schema'
import { openingMinutes, rowsOf } from './timeline'

const at = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3))
const visit = (start: string, minutes: number) => ({ start: at(start), end: at(start) + minutes })

describe('where the timeline opens', () => {
  const evening = [visit('19:00', 120), visit('17:00', 90), visit('20:30', 90)]

  it("opens another day at its first booking, or at the grid's start when it has none", () => {
    expect(openingMinutes(evening, undefined, at('12:00'))).toBe(at('17:00'))
    expect(openingMinutes([], undefined, at('12:00'))).toBe(at('12:00'))
  })

  it("opens today, before anyone is due, at the first booking still to come rather than at now's empty columns", () => {
    expect(openingMinutes(evening, at('12:15'), at('12:00'))).toBe(at('17:00'))
  })

  it('opens today at now while a booking is on, and once every booking is over', () => {
    // 17:00 to 18:30 is on at 17:45.
    expect(openingMinutes(evening, at('17:45'), at('12:00'))).toBe(at('17:45'))
    // Between two: 18:30 to 19:00 nobody is at a table, the next starts at 19:00.
    expect(openingMinutes(evening, at('18:40'), at('12:00'))).toBe(at('19:00'))
    expect(openingMinutes(evening, at('22:30'), at('12:00'))).toBe(at('22:30'))
    expect(openingMinutes([], at('19:00'), at('12:00'))).toBe(at('19:00'))
  })

  it('counts a party that has finished only until it left (its bar ends there)', () => {
    // The 17:00 party left at 17:30: at 17:45 the next one is at 19:00.
    expect(openingMinutes([{ start: at('17:00'), end: at('17:30') }, visit('19:00', 120)], at('17:45'), at('12:00'))).toBe(at('19:00'))
  })
})

describe('the rows of a day', () => {
  const area = { id: 1, name: 'Garden', sortOrder: 0, active: true, season: null, closures: [] } as unknown as AdminArea
  const table = (id: number, name: string, outOfUseFrom: string | null = null) => ({ id, name, areaId: 1, sortOrder: id, active: true, outOfUseFrom }) as AdminTable
  const tables = [table(1, 'G1'), table(2, 'G2', '2027-01-04')]
  const names = (date: string, reservations: AdminReservation[] = []) => rowsOf([area], tables, date, reservations).map((r) => r.table.name)

  it('leave out a table out of use from the day or earlier, unless a booking of the day still sits at it', () => {
    expect(names('2027-01-03')).toEqual(['G1', 'G2'])
    expect(names('2027-01-04')).toEqual(['G1'])
    expect(names('2027-02-01')).toEqual(['G1'])
    const seated = { id: 9, status: 'confirmed', tables: [{ id: 2, name: 'G2', area: 'Garden' }] } as AdminReservation
    expect(names('2027-01-04', [seated])).toEqual(['G1', 'G2'])
  })

  it('leave out the tables of an area closed that day, for the weather or out of its season, unless a booking of the day sits at one', () => {
    const garden = (over: Partial<AdminArea>) => rowsOf([{ ...area, ...over }], tables, '2027-01-03', []).map((r) => r.table.name)
    expect(garden({ season: { from: 4, to: 9 } })).toEqual([])
    expect(garden({ season: { from: 11, to: 2 } })).toEqual(['G1', 'G2'])
    expect(garden({ closures: [{ id: 1, date: '2027-01-03', reason: 'Rain' }] })).toEqual([])
    expect(garden({ closures: [{ id: 1, date: '2027-01-04', reason: 'Rain' }] })).toEqual(['G1', 'G2'])
    const seated = { id: 9, status: 'confirmed', tables: [{ id: 1, name: 'G1', area: 'Garden' }] } as AdminReservation
    expect(rowsOf([{ ...area, season: { from: 4, to: 9 } }], tables, '2027-01-03', [seated]).map((r) => r.table.name)).toEqual(['G1'])
  })
})
