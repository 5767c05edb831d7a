import { describe, expect, it } from 'vitest'
import { csvCell, csvInstant, marketingCsv, marketingCsvFileName, marketingSummary, searchMarketing, type MarketingEmail } from './marketing'

const row = (over: Partial<MarketingEmail> = {}): MarketingEmail => ({
  name: 'Ann Guest',
  email: 'ann@example.com',
  createdAt: '2026-11-01T10:00:00.000Z',
  lastReservation: '2026-11-20T18:30:00.000Z',
  ...over,
})

describe('csvCell', () => {
  it('leaves plain text alone', () => {
    expect(csvCell('Ann Guest')).toBe('Ann Guest')
    expect(csvCell('')).toBe('')
  })
  it('quotes commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvCell('Smith, "Jo"')).toBe('"Smith, ""Jo"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
  })
  it('puts a single quote before a value a spreadsheet would run as a formula: = + - @ tab CR', () => {
    expect(csvCell('=1+1')).toBe(`"'=1+1"`)
    expect(csvCell('+44 1279')).toBe(`"'+44 1279"`)
    expect(csvCell('-2')).toBe(`"'-2"`)
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`)
    expect(csvCell('\tcmd')).toBe(`"'\tcmd"`)
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`)
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`)
  })
  it('leaves those characters alone inside a value', () => {
    expect(csvCell('Ann-Marie')).toBe('Ann-Marie')
    expect(csvCell('ann+offers@example.com')).toBe('ann+offers@example.com')
  })
})

describe('the CSV export', () => {
  it('has the four columns, a line per guest in venue time, CRLF line ends and a BOM', () => {
    const csv = marketingCsv([row(), row({ name: 'Bob', email: 'bob@example.com', lastReservation: null })], 'Europe/London')
    expect(csv).toBe('\uFEFFName,Email,First Opted In,Last Reservation\r\nAnn Guest,ann@example.com,2026-11-01 10:00,2026-11-20 18:30\r\nBob,bob@example.com,2026-11-01 10:00,\r\n')
  })
  it('writes times in the venue zone across the clock change', () => {
    expect(csvInstant('2026-07-01T18:30:00Z', 'Europe/London')).toBe('2026-07-01 19:30')
  })
  it('is named marketing-emails-{date} with the venue date', () => {
    expect(marketingCsvFileName(new Date('2026-06-30T23:30:00Z'), 'Europe/London')).toBe('marketing-emails-2026-07-01.csv')
  })
})

describe('search and summary', () => {
  const rows = [row(), row({ name: 'Bob Brewer', email: 'BOB@pub.example', createdAt: '2026-11-15T09:00:00.000Z', lastReservation: '2026-09-01T12:00:00.000Z' })]
  it('finds by name or email, ignoring case', () => {
    expect(searchMarketing(rows, 'brew').map((r) => r.name)).toEqual(['Bob Brewer'])
    expect(searchMarketing(rows, 'bob@PUB').map((r) => r.name)).toEqual(['Bob Brewer'])
    expect(searchMarketing(rows, '  ')).toHaveLength(2)
  })
  it('counts the guests, the newest opt-in and who booked in the last 30 days', () => {
    expect(marketingSummary(rows, new Date('2026-11-21T12:00:00Z'))).toEqual({ total: 2, latestOptIn: '2026-11-15T09:00:00.000Z', recent: 1 })
    expect(marketingSummary([], new Date())).toEqual({ total: 0, latestOptIn: null, recent: 0 })
  })
})
