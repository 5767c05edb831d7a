/**
 * The marketing list (SPEC.md section 2, Marketing Emails): its row, its
 * messages, the CSV export and the panel's search and summary. Server and
 * panel both use these, so the file staff download is the list they see.
 */
import { todayIn, zonedParts } from './time'

/** One guest who opted in and has not unsubscribed (SPEC.md section 3's marketing email record). */
export type MarketingEmail = {
  name: string
  email: string
  /** When the guest first opted in. */
  createdAt: string
  /** When the guest last made a booking, if the app knows. */
  lastReservation: string | null
}

export const MARKETING_MESSAGES = {
  empty: 'No marketing emails yet',
  emptyText: 'Guests who tick "special offers and updates" when they book appear here.',
  noMatch: 'No emails found',
  noMatchText: 'No name or email matches that search.',
  copyAll: 'Copy All',
  exportCsv: 'Export CSV',
} as const

/** How far back 'recent activity' looks. */
export const RECENT_ACTIVITY_DAYS = 30

export const MARKETING_CSV_COLUMNS = ['Name', 'Email', 'First Opted In', 'Last Reservation'] as const

/** SPEC.md section 9: marketing-emails-{date}.csv, the date in the venue's zone. */
export const marketingCsvFileName = (now: Date, timeZone: string) => `marketing-emails-${todayIn(now, timeZone)}.csv`

/** Characters a spreadsheet reads as the start of a formula (OWASP's CSV injection list). */
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r'])

/**
 * One CSV cell: a value a spreadsheet would run as a formula gets a leading
 * single quote; any cell with a comma, quote or line break is quoted, its
 * quotes doubled (RFC 4180).
 */
export function csvCell(value: string): string {
  const safe = value.length > 0 && FORMULA_START.has(value[0]!) ? `'${value}` : value
  return /[",\r\n]/.test(safe) || safe !== value ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** 'YYYY-MM-DD HH:MM' in the venue's zone: sorts, and every spreadsheet reads it. */
export function csvInstant(instant: string | Date | null, timeZone: string): string {
  if (instant === null) return ''
  const { date, minutes } = zonedParts(new Date(instant), timeZone)
  return `${date} ${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
}

/** The export: a header line and one line per guest, CRLF line ends, with a BOM so Excel reads it as UTF-8. */
export function marketingCsv(rows: readonly MarketingEmail[], timeZone: string): string {
  const lines = [
    MARKETING_CSV_COLUMNS.join(','),
    ...rows.map((r) => [r.name, r.email, csvInstant(r.createdAt, timeZone), csvInstant(r.lastReservation, timeZone)].map(csvCell).join(',')),
  ]
  return `\uFEFF${lines.join('\r\n')}\r\n`
}

/** The rows whose name or email holds the search, ignoring case. */
export function searchMarketing(rows: readonly MarketingEmail[], query: string): MarketingEmail[] {
  const q = query.trim().toLowerCase()
  if (!q) return [...rows]
  return rows.filter((r) => r.name.toLowerCase().includes(q) || r.email.toLowerCase().includes(q))
}

/** The summary under the list: how many, the newest opt-in, and how many booked lately. */
export function marketingSummary(rows: readonly MarketingEmail[], now: Date) {
  const since = now.getTime() - RECENT_ACTIVITY_DAYS * 86_400_000
  let latestOptIn: string | null = null
  let recent = 0
  for (const r of rows) {
    if (latestOptIn === null || r.createdAt > latestOptIn) latestOptIn = r.createdAt
    if (r.lastReservation && new Date(r.lastReservation).getTime() >= since) recent++
  }
  return { total: rows.length, latestOptIn, recent }
}
