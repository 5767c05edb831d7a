/**
 * Reservations' fetchers for the admin panels, and their query keys (kept in
 * ./reservation-keys, which the public booking form imports alone: it drops
 * the admin lists after a booking without loading the panels' fetchers).
 */
import type { AdminReservation, AvailabilityExplanation, ReservationHistoryEntry, ReservationList, TableChoice } from '#common/admin-reservations-schema'
import type { BookingAuditEntry } from '#common/audit-schema'
import { RESERVATION_DAY_PAGE_SIZE, RESERVATION_PAGE_SIZE } from '#common/constants'
import { throwIfNotOk } from '../api'
import type { ReservationFilter } from './reservation-keys'

export { availabilityKeys, reservationKeys, type ReservationFilter } from './reservation-keys'

/** The staff form's table picker and 'why isn't it offered?' for a date, time and party. */
export const tableChoiceKeys = {
  all: ['/api/admin/availability'] as const,
  tables: (query: TableQuery) => [...tableChoiceKeys.all, 'tables', query] as const,
  explain: (query: TableQuery) => [...tableChoiceKeys.all, 'explain', query] as const,
}
export type TableQuery = { date: string; time: string; partySize: number; exceptId?: number }

const tableQueryString = (q: TableQuery) =>
  new URLSearchParams({ date: q.date, time: q.time, partySize: String(q.partySize), ...(q.exceptId ? { exceptId: String(q.exceptId) } : {}) }).toString()

export async function fetchTableChoices(query: TableQuery): Promise<TableChoice[]> {
  const res = await fetch(`/api/admin/availability/tables?${tableQueryString(query)}`, { credentials: 'include' })
  await throwIfNotOk(res)
  return (await res.json()) as TableChoice[]
}

export async function fetchExplanation(query: TableQuery): Promise<AvailabilityExplanation> {
  const res = await fetch(`/api/admin/availability/explain?${tableQueryString(query)}`, { credentials: 'include' })
  await throwIfNotOk(res)
  return (await res.json()) as AvailabilityExplanation
}

/** One page of reservations and the totals of the whole filter (from the answer's headers). */
export async function fetchReservations(filter: ReservationFilter): Promise<ReservationList> {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(filter)) if (value !== undefined && value !== '') params.set(key, String(value))
  const res = await fetch(`/api/admin/reservations?${params}`, { credentials: 'include' })
  await throwIfNotOk(res)
  const header = (name: string, fallback: number) => Number(res.headers.get(name) ?? fallback)
  return {
    reservations: (await res.json()) as AdminReservation[],
    total: header('X-Total-Count', 0),
    covers: header('X-Total-Covers', 0),
    page: header('X-Page', filter.page ?? 1),
    pageSize: header('X-Page-Size', filter.pageSize ?? RESERVATION_PAGE_SIZE),
  }
}

/** The pending large parties from today on: the Pending panel's list and the sidebar's badge. */
export const pendingFilter = (today: string): ReservationFilter => ({ status: 'pending', from: today, pageSize: RESERVATION_DAY_PAGE_SIZE })

/** What happened to a booking, oldest first: made, confirmed, changed, cancelled, reminded, asked for a review. */
export async function fetchReservationHistory(id: number): Promise<ReservationHistoryEntry[]> {
  const res = await fetch(`/api/admin/reservations/${id}/history`, { credentials: 'include' })
  await throwIfNotOk(res)
  return (await res.json()) as ReservationHistoryEntry[]
}

/** Who changed a booking and how, newest first: its own audit entries (staff, managers and owners alike). */
export async function fetchReservationAudit(id: number): Promise<BookingAuditEntry[]> {
  const res = await fetch(`/api/admin/reservations/${id}/audit`, { credentials: 'include' })
  await throwIfNotOk(res)
  return (await res.json()) as BookingAuditEntry[]
}
