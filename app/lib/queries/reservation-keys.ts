/**
 * Reservations' and availability's query keys, for the admin panels and the public booking form (which drops
 * the admin lists after a booking). Nothing else here, so the booking page loads the keys without the panels'
 * fetchers (app/lib/queries/reservations.ts).
 */
import type { ReservationListQuery } from '#common/admin-reservations-schema'

export type ReservationFilter = Partial<Pick<ReservationListQuery, 'date' | 'from' | 'to' | 'first' | 'status' | 'q' | 'page' | 'pageSize' | 'needsTable'>>

export const reservationKeys = {
  /** Every admin reservation query: invalidate this after any change. */
  all: ['/api/admin/reservations'] as const,
  list: (filter: ReservationFilter) => [...reservationKeys.all, 'list', filter] as const,
  pendingCount: (today: string) => [...reservationKeys.all, 'pending-count', today] as const,
  history: (id: number) => [...reservationKeys.all, 'history', id] as const,
  audit: (id: number) => [...reservationKeys.all, 'audit', id] as const,
}

/** Availability, which a booking or a change to hours alters. */
export const availabilityKeys = { all: ['/api/availability/slots'] as const }
