import { describe, expect, it } from 'vitest'
import {
  displayHours,
  hoursFromRows,
  openingHoursSpecification,
  parseClockTime,
  parseDayLine,
  parseHoursBlocks,
} from './hours-display'
import { DEFAULT_FOOTER_OPENING_HOURS } from './settings'

const SEED_ROWS = [
  { dayOfWeek: 0, openTime: '12:00', closeTime: '19:30', isClosed: false },
  { dayOfWeek: 1, openTime: null, closeTime: null, isClosed: true },
  { dayOfWeek: 2, openTime: null, closeTime: null, isClosed: true },
  { dayOfWeek: 3, openTime: '16:00', closeTime: '22:30', isClosed: false },
  { dayOfWeek: 4, openTime: '16:00', closeTime: '22:30', isClosed: false },
  { dayOfWeek: 5, openTime: '16:00', closeTime: '23:30', isClosed: false },
  { dayOfWeek: 6, openTime: '12:00', closeTime: '23:30', isClosed: false },
]

describe('footer opening hours text', () => {
  it('reads blocks of a day line then an hours line, separated by blank lines', () => {
    expect(parseHoursBlocks(DEFAULT_FOOTER_OPENING_HOURS)).toEqual([
      { day: 'Monday & Tuesday', hours: 'Closed' },
      { day: 'Wednesday & Thursday', hours: '4:00pm – 10:30pm' },
      { day: 'Friday', hours: '4:00pm – 11:30pm' },
      { day: 'Saturday', hours: '12:00pm – 11:30pm' },
      { day: 'Sunday', hours: '12:00pm – 7:30pm' },
    ])
  })

  it('tolerates Windows line endings, extra blank lines and stray spaces', () => {
    const text = '\r\n  Monday  \r\nClosed\r\n\r\n\r\n   \r\nTuesday\r\n 5pm - 11pm \r\n'
    expect(parseHoursBlocks(text)).toEqual([
      { day: 'Monday', hours: 'Closed' },
      { day: 'Tuesday', hours: '5pm - 11pm' },
    ])
  })

  it('treats a day line without hours as closed', () => {
    expect(parseHoursBlocks('Christmas Day')).toEqual([{ day: 'Christmas Day', hours: 'Closed' }])
  })

  it('gives nothing for empty text', () => {
    expect(parseHoursBlocks('  \n\n ')).toEqual([])
  })
})

describe('opening-hours rows in 12-hour form', () => {
  it('lists Monday to Sunday, joining neighbouring days with the same hours', () => {
    expect(hoursFromRows(SEED_ROWS)).toEqual([
      { day: 'Monday & Tuesday', hours: 'Closed' },
      { day: 'Wednesday & Thursday', hours: '4:00 PM – 10:30 PM' },
      { day: 'Friday', hours: '4:00 PM – 11:30 PM' },
      { day: 'Saturday', hours: '12:00 PM – 11:30 PM' },
      { day: 'Sunday', hours: '12:00 PM – 7:30 PM' },
    ])
  })

  it('shows a weekday with no row as closed and joins runs of three or more as a range', () => {
    const rows = [1, 2, 3, 4, 5].map((d) => ({ dayOfWeek: d, openTime: '11:00', closeTime: '23:00', isClosed: false }))
    expect(hoursFromRows(rows)).toEqual([
      { day: 'Monday – Friday', hours: '11:00 AM – 11:00 PM' },
      { day: 'Saturday & Sunday', hours: 'Closed' },
    ])
  })
})

describe('one source of hours', () => {
  it('uses the setting when it has text', () => {
    expect(displayHours('Daily\n10am - 11pm', SEED_ROWS)).toEqual([{ day: 'Daily', hours: '10am - 11pm' }])
  })

  it('falls back to the rows when the setting is empty', () => {
    expect(displayHours('', SEED_ROWS)).toEqual(hoursFromRows(SEED_ROWS))
    expect(displayHours(undefined, SEED_ROWS)[0]).toEqual({ day: 'Monday & Tuesday', hours: 'Closed' })
  })
})

describe('structured hours for JSON-LD', () => {
  it('reads day lines: lists, ranges and daily', () => {
    expect(parseDayLine('Wednesday & Thursday')).toEqual([3, 4])
    expect(parseDayLine('Mon, Tue and Wed')).toEqual([1, 2, 3])
    expect(parseDayLine('Friday – Sunday')).toEqual([5, 6, 0])
    expect(parseDayLine('Daily')).toEqual([0, 1, 2, 3, 4, 5, 6])
    expect(parseDayLine('Bank holidays')).toBeUndefined()
  })

  it('reads clock times in 12- and 24-hour form', () => {
    expect(parseClockTime('4:00pm')).toBe('16:00')
    expect(parseClockTime('12pm')).toBe('12:00')
    expect(parseClockTime('12:30 a.m.')).toBe('00:30')
    expect(parseClockTime('22:30')).toBe('22:30')
    expect(parseClockTime('late')).toBeUndefined()
  })

  it('follows the setting when every block is readable', () => {
    expect(openingHoursSpecification(DEFAULT_FOOTER_OPENING_HOURS, [])).toEqual([
      { dayOfWeek: ['Wednesday', 'Thursday'], opens: '16:00', closes: '22:30' },
      { dayOfWeek: ['Friday'], opens: '16:00', closes: '23:30' },
      { dayOfWeek: ['Saturday'], opens: '12:00', closes: '23:30' },
      { dayOfWeek: ['Sunday'], opens: '12:00', closes: '19:30' },
    ])
  })

  it('falls back to the rows when the setting cannot be read as times', () => {
    const spec = openingHoursSpecification('Most evenings\nfrom about 5', SEED_ROWS)
    expect(spec).toHaveLength(5)
    expect(spec[0]).toEqual({ dayOfWeek: ['Sunday'], opens: '12:00', closes: '19:30' })
  })
})
