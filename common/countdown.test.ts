import { describe, expect, it } from 'vitest'
import { christmasCountdownText, daysUntilChristmasFrom } from './countdown'
import { todayIn } from './time'

const LONDON = 'Europe/London'
const days = (iso: string, zone = LONDON) => daysUntilChristmasFrom(todayIn(new Date(iso), zone))

describe('Christmas countdown', () => {
  it('counts 5 days on 20 December', () => {
    expect(days('2026-12-20T10:00:00Z')).toBe(5)
    expect(christmasCountdownText(5)).toBe('5 days until Christmas')
  })

  it('says "1 day" on Christmas Eve', () => {
    expect(days('2026-12-24T18:00:00Z')).toBe(1)
    expect(christmasCountdownText(1)).toBe('1 day until Christmas')
  })

  it('is hidden on Christmas Day', () => {
    expect(days('2026-12-25T09:00:00Z')).toBe(0)
    expect(christmasCountdownText(0)).toBeNull()
    expect(christmasCountdownText(-3)).toBeNull()
  })

  it('counts to next year from 26 December', () => {
    expect(days('2026-12-26T12:00:00Z')).toBe(364)
    expect(days('2027-12-26T12:00:00Z')).toBe(365) // 2028 is a leap year
  })

  it('counts from the start of the year', () => {
    expect(days('2027-01-01T00:30:00Z')).toBe(358)
  })

  it('uses the venue date, not UTC, around midnight', () => {
    // 23:30 UTC on 23 June is already 24 June in London (BST).
    expect(days('2026-06-23T23:30:00Z')).toBe(184)
    expect(days('2026-06-23T23:30:00Z', 'UTC')).toBe(185)
    // In winter London is on UTC, but a zone east of it has already moved on.
    expect(days('2026-12-23T23:30:00Z')).toBe(2)
    expect(days('2026-12-23T23:30:00Z', 'Europe/Paris')).toBe(1)
  })
})
