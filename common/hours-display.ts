/**
 * The opening hours the public site shows (footer, mobile menu, contact page,
 * JSON-LD), from ONE source (DESIGN.md section 6): the `footer_opening_hours`
 * setting when it has text, else the opening-hours rows in 12-hour form.
 */

import { formatTime12 } from './time'

export type HoursLine = { day: string; hours: string }
export type OpeningHoursLike = { dayOfWeek: number; openTime: string | null; closeTime: string | null; isClosed: boolean }

export const CLOSED = 'Closed'
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
/** Display order: the week as a pub-goer reads it, Monday first. */
const MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0]

/**
 * Parses the settings text: blocks separated by blank lines, the first line of
 * a block is the day, the following line(s) the hours ('Closed' for closed days).
 */
export function parseHoursBlocks(text: string): HoursLine[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) =>
      block
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .filter((lines) => lines.length > 0)
    .map(([day, ...rest]) => ({ day: day!, hours: rest.join(' ') || CLOSED }))
}

/** '16:00'-'22:30' → '4:00 PM – 10:30 PM'. */
export function formatHoursRange(open: string, close: string): string {
  return `${formatTime12(open)} – ${formatTime12(close)}`
}

function rowHours(row: OpeningHoursLike | undefined): string {
  if (!row || row.isClosed || !row.openTime || !row.closeTime) return CLOSED
  return formatHoursRange(row.openTime, row.closeTime)
}

function joinDays(days: number[]): string {
  const names = days.map((d) => WEEKDAYS[d]!)
  if (names.length === 1) return names[0]!
  if (names.length === 2) return `${names[0]} & ${names[1]}`
  return `${names[0]} – ${names[names.length - 1]}`
}

/**
 * The opening-hours rows as display lines, Monday to Sunday, neighbouring days
 * with the same hours joined ('Wednesday & Thursday', 'Monday – Friday').
 */
export function hoursFromRows(rows: OpeningHoursLike[]): HoursLine[] {
  const byDay = new Map(rows.map((r) => [r.dayOfWeek, r]))
  const lines: { days: number[]; hours: string }[] = []
  for (const day of MONDAY_FIRST) {
    const hours = rowHours(byDay.get(day))
    const last = lines[lines.length - 1]
    if (last && last.hours === hours) last.days.push(day)
    else lines.push({ days: [day], hours })
  }
  return lines.map((l) => ({ day: joinDays(l.days), hours: l.hours }))
}

/** The hours to display: the setting's blocks when it has any, else the rows. */
export function displayHours(settingText: string | undefined | null, rows: OpeningHoursLike[]): HoursLine[] {
  const fromSetting = settingText ? parseHoursBlocks(settingText) : []
  return fromSetting.length > 0 ? fromSetting : hoursFromRows(rows)
}

/* ---------- Structured hours for JSON-LD (schema.org openingHoursSpecification) ---------- */

export type OpeningHoursSpec = { dayOfWeek: string[]; opens: string; closes: string }

const DAY_PATTERNS: [RegExp, number][] = [
  [/^sun/i, 0],
  [/^mon/i, 1],
  [/^tue/i, 2],
  [/^wed/i, 3],
  [/^thu/i, 4],
  [/^fri/i, 5],
  [/^sat/i, 6],
]

function dayIndex(word: string): number | undefined {
  return DAY_PATTERNS.find(([re]) => re.test(word.trim()))?.[1]
}

/** 'Wednesday & Thursday', 'Mon, Tue', 'Monday – Friday', 'Daily' → weekday indexes; undefined if unreadable. */
export function parseDayLine(line: string): number[] | undefined {
  const text = line.trim()
  if (/^(?:daily|every day|everyday)$/i.test(text)) return [0, 1, 2, 3, 4, 5, 6]
  const range = /^(\w+)\s*(?:[-–—]|to)\s*(\w+)$/i.exec(text)
  if (range) {
    const from = dayIndex(range[1]!)
    const to = dayIndex(range[2]!)
    if (from === undefined || to === undefined) return undefined
    const days: number[] = []
    for (let d = from; ; d = (d + 1) % 7) {
      days.push(d)
      if (d === to) break
    }
    return days
  }
  const parts = text
    .split(/&|,|\band\b/i)
    .map((p) => p.trim())
    .filter(Boolean)
  const days = parts.map(dayIndex)
  return days.length > 0 && days.every((d) => d !== undefined) ? (days as number[]) : undefined
}

/** '4pm', '4:00pm', '12:00 PM', '16:00' → 'HH:MM'; undefined if unreadable. */
export function parseClockTime(value: string): string | undefined {
  const m = /^(\d{1,2})(?:[:.](\d{2}))?\s*([ap]\.?m\.?)?$/i.exec(value.trim())
  if (!m) return undefined
  let hour = Number(m[1])
  const minute = Number(m[2] ?? '0')
  const meridiem = m[3]?.toLowerCase().replace(/\./g, '')
  if (minute > 59) return undefined
  if (meridiem) {
    if (hour < 1 || hour > 12) return undefined
    if (meridiem === 'pm' && hour !== 12) hour += 12
    if (meridiem === 'am' && hour === 12) hour = 0
  } else if (hour > 23) return undefined
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`
}

/** '4:00pm – 10:30pm' → { opens, closes }; 'Closed' → null; undefined if unreadable. */
export function parseHoursRange(value: string): { opens: string; closes: string } | null | undefined {
  if (/^closed$/i.test(value.trim())) return null
  const parts = value.split(/[-–—]|\bto\b/i).map((p) => p.trim())
  if (parts.length !== 2) return undefined
  const opens = parseClockTime(parts[0]!)
  const closes = parseClockTime(parts[1]!)
  return opens && closes ? { opens, closes } : undefined
}

/**
 * schema.org opening hours from the same source as the display: the setting's
 * blocks when every block is readable, else the opening-hours rows.
 */
export function openingHoursSpecification(
  settingText: string | undefined | null,
  rows: OpeningHoursLike[],
): OpeningHoursSpec[] {
  const blocks = settingText ? parseHoursBlocks(settingText) : []
  if (blocks.length > 0) {
    const specs: OpeningHoursSpec[] = []
    let readable = true
    for (const block of blocks) {
      const days = parseDayLine(block.day)
      const range = parseHoursRange(block.hours)
      if (!days || range === undefined) {
        readable = false
        break
      }
      if (range) specs.push({ dayOfWeek: days.map((d) => WEEKDAYS[d]!), ...range })
    }
    if (readable) return specs
  }
  return rows
    .filter((r) => !r.isClosed && r.openTime && r.closeTime)
    .map((r) => ({ dayOfWeek: [WEEKDAYS[r.dayOfWeek]!], opens: r.openTime!, closes: r.closeTime! }))
}
