import type { AdminReservation, BookedTable } from '#common/admin-reservations-schema'
import { minutesToTime, timeToMinutes } from '#common/time'

/**
 * The tables a party sits at, as staff read them: 'T4 + T5 (Restaurant)', 'T4 (Restaurant) + B1 (Bar)' across
 * areas, and a table named as its room alone ('Snug', not 'Snug (Snug)').
 */
export function tablesText(tables: BookedTable[]): string {
  if (tables.length === 1 && tables[0]!.name === tables[0]!.area) return tables[0]!.name
  const areas = [...new Set(tables.map((t) => t.area))]
  if (areas.length === 1) return `${tables.map((t) => t.name).join(' + ')} (${areas[0]})`
  return tables.map((t) => (t.name === t.area ? t.name : `${t.name} (${t.area})`)).join(' + ')
}

/** Where a booking sits, for the run sheet and View details: its tables, 'Needs a table', or nothing (a venue without tables). */
export function seatingText(r: Pick<AdminReservation, 'tables' | 'needsTable'>): string {
  if (r.tables.length > 0) return tablesText(r.tables)
  return r.needsTable ? 'Needs a table' : ''
}

/** When a booking's table is free again ('HH:MM'): its start plus its own duration, past midnight too ('00:30'). */
export function freeAgainAt(r: Pick<AdminReservation, 'startTime' | 'durationMinutes'>): string {
  return minutesToTime((timeToMinutes(r.startTime) + r.durationMinutes) % (24 * 60))
}
