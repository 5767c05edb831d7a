/**
 * A calendar file (RFC 5545) for a booking, attached to confirmation emails so
 * a guest adds the visit in one tap. Times are written in UTC, so no time-zone
 * table is needed and every calendar shows the venue's wall-clock time right.
 */
export type CalendarEvent = { uid: string; start: Date; end: Date; summary: string; location: string; description: string; stamp: Date }

const utc = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')

/** Escapes text values: backslash, semicolon, comma and newlines. */
const escapeText = (value: string) => value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n')

/** Folds a content line at 75 octets, continuation lines starting with a space. */
function fold(line: string): string {
  const bytes = Buffer.from(line)
  if (bytes.length <= 75) return line
  const parts: string[] = []
  let start = 0
  while (start < bytes.length) {
    let end = Math.min(start + (start === 0 ? 75 : 74), bytes.length)
    // Never cut a UTF-8 character in two.
    while (end < bytes.length && (bytes[end]! & 0xc0) === 0x80) end--
    parts.push(bytes.subarray(start, end).toString())
    start = end
  }
  return parts.join('\r\n ')
}

export function calendarFile(e: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//The Wheatsheaf Inn//Table booking//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `DTSTAMP:${utc(e.stamp)}`,
    `DTSTART:${utc(e.start)}`,
    `DTEND:${utc(e.end)}`,
    `SUMMARY:${escapeText(e.summary)}`,
    `LOCATION:${escapeText(e.location)}`,
    `DESCRIPTION:${escapeText(e.description)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return `${lines.map(fold).join('\r\n')}\r\n`
}

/**
 * A booking's visit as a calendar file: one event a booking (its UID is the
 * booking's), so the file attached to its emails and the one its manage page
 * offers update the same calendar entry.
 */
export function bookingCalendarFile(b: {
  /** 'reservation-123', from the booking's id. */
  key: string
  start: Date
  minutes: number
  summary: string
  venue: { venue_address: string; venue_phone: string; site_url: string }
  stamp: Date
}): string {
  return calendarFile({
    uid: `${b.key}@${new URL(b.venue.site_url).hostname}`,
    start: b.start,
    end: new Date(b.start.getTime() + b.minutes * 60_000),
    summary: b.summary,
    location: b.venue.venue_address,
    description: `Questions or changes: call ${b.venue.venue_phone}.`,
    stamp: b.stamp,
  })
}
