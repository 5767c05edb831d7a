import { describe, expect, it } from 'vitest'
import { freeAgainAt, seatingText, tablesText } from './seating-text'

describe('tablesText', () => {
  it('names the room once for tables in one room, and each room across rooms', () => {
    expect(tablesText([{ id: 1, name: 'T4', area: 'Restaurant' }])).toBe('T4 (Restaurant)')
    expect(tablesText([{ id: 1, name: 'T4', area: 'Restaurant' }, { id: 2, name: 'T5', area: 'Restaurant' }])).toBe('T4 + T5 (Restaurant)')
    expect(tablesText([{ id: 1, name: 'T4', area: 'Restaurant' }, { id: 7, name: 'B1', area: 'Bar' }])).toBe('T4 (Restaurant) + B1 (Bar)')
  })

  it('says a table named as its room once', () => {
    expect(tablesText([{ id: 9, name: 'Snug', area: 'Snug' }])).toBe('Snug')
    expect(tablesText([{ id: 9, name: 'Snug', area: 'Snug' }, { id: 7, name: 'B1', area: 'Bar' }])).toBe('Snug + B1 (Bar)')
  })
})

describe('freeAgainAt', () => {
  it('adds the booking its own duration, past midnight too', () => {
    expect(freeAgainAt({ startTime: '19:00', durationMinutes: 150 })).toBe('21:30')
    expect(freeAgainAt({ startTime: '22:30', durationMinutes: 120 })).toBe('00:30')
  })
})

describe('seatingText', () => {
  it('gives the tables, that a table is needed, or nothing where the venue books covers', () => {
    expect(seatingText({ tables: [{ id: 1, name: 'T4', area: 'Restaurant' }], needsTable: false })).toBe('T4 (Restaurant)')
    expect(seatingText({ tables: [], needsTable: true })).toBe('Needs a table')
    expect(seatingText({ tables: [], needsTable: false })).toBe('')
  })
})
