import type { AdminReservation, BookedTable } from '#common/admin-reservations-schema'
import { minutesToTime, timeToMinutes } from '#common/time'

/**
 * The tables a party sits at, as staff read them: 'T4 + T5 (Restaurant)', 'T4 (Restaurant) + B1 (Bar)' across
 * areas, and a table named as its room alone ('Snug', not 'Snug (Snug)').
 */
export function tablesText(tables: BookedTable[]): string {
  const areas = [...new Set(tables.map((t) => t.area))]
  if (tables.length === 1 && tables[0]!.name === tables[0]!.area) return tables[0]!.name
  if (areas.length === 1) return `${tables.map((t) => t.name).join(' + ')} (${areas[0]})`
  return tables.map((t) => (t.name === t.area ? t.name : `${t.name} (${t.area})`)).join(' + ')
}

/** When a booking's table is free again ('HH:MM'): its start plus its own duration, past midnight too ('00:30'). */
export function freeAgainAt(r: Pick<AdminReservation, 'startTime' | 'durationMinutes'>): string {
  return minutesToTime((timeToMinutes(r.startTime) + r.durationMinutes) % (24 * 60))
}
