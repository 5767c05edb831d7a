import type pg from 'pg'
import type { ReservationHistoryEntry } from '#common/admin-reservations-schema'
import { formatLongDate, formatTime12 } from '#common/time'
import type { Db } from '../db/client'
import type { Reservation } from '../db/schema'
import type { Clock } from '../deps'
import type { ReservationEvents } from './reservation-events'

export type HistoryKind = 'confirmed' | 'changed' | 'cancelled' | 'reinstated' | 'reminder_sent' | 'review_requested'
export type HistoryActor = 'guest' | 'staff' | 'system'
export type HistoryRow = { reservationId: number; kind: HistoryKind; actor: HistoryActor; detail?: string; at: Date }

/**
 * One statement that records what happened to bookings, for the transaction
 * of the change itself (a change and its history commit together or not at all).
 */
export function recordHistoryQuery(rows: HistoryRow[]): pg.QueryConfig {
  return {
    name: 'reservation-history-insert',
    text: `insert into reservation_history (reservation_id, kind, actor, detail, at)
      select * from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::timestamptz[])`,
    values: [
      rows.map((r) => r.reservationId),
      rows.map((r) => r.kind),
      rows.map((r) => r.actor),
      rows.map((r) => r.detail ?? ''),
      rows.map((r) => r.at.toISOString()),
    ],
  }
}

/**
 * A booking's story for staff, oldest first: made (by a guest or staff), then
 * every recorded change, reminder and review request.
 */
export async function historyOf(db: Db, reservationId: number): Promise<ReservationHistoryEntry[]> {
  const { rows } = await db.$client.query<{ kind: string; actor: string; detail: string; at: Date }>(
    `select kind, actor, detail, at from (
       select 'created' as kind, created_by as actor, '' as detail, created_at as at, 0 as id from reservations where id = $1
       union all
       select kind, actor, detail, at, id from reservation_history where reservation_id = $1) story
     order by id = 0 desc, at, id`,
    [reservationId],
  )
  return rows.map((r) => ({
    kind: r.kind as ReservationHistoryEntry['kind'],
    actor: r.actor as ReservationHistoryEntry['actor'],
    detail: r.detail,
    at: new Date(r.at).toISOString(),
  }))
}

const DETAIL_NAMES = { name: 'name', email: 'email', phone: 'phone', additionalInfo: 'special requests', foodDrinks: 'preference' } as const

/** A change in words for staff: 'Saturday, 05 December 2026 → Sunday, 06 December 2026; 7:00 PM → 7:30 PM; 4 → 5 guests'. */
export function describeChange(before: Reservation, after: Reservation): string {
  const parts: string[] = []
  if (before.date !== after.date) parts.push(`${formatLongDate(before.date)} → ${formatLongDate(after.date)}`)
  if (before.startTime !== after.startTime) parts.push(`${formatTime12(before.startTime)} → ${formatTime12(after.startTime)}`)
  if (before.partySize !== after.partySize) parts.push(`${before.partySize} → ${after.partySize} guests`)
  const details = Object.entries(DETAIL_NAMES).filter(([key]) => before[key as keyof typeof DETAIL_NAMES] !== after[key as keyof typeof DETAIL_NAMES])
  if (details.length) parts.push(`changed ${details.map(([, label]) => label).join(', ')}`)
  if (before.status !== 'pending' && after.status === 'pending') parts.push('now waiting for staff to confirm (large party)')
  return parts.join('; ')
}

/**
 * Keeps every booking's history: each status change and edit, by staff or by
 * the guest, is recorded in the transaction of the change itself.
 */
export function recordReservationHistory(events: ReservationEvents, clock: Clock) {
  const statement = (rows: Omit<HistoryRow, 'at'>[]) => (rows.length ? [recordHistoryQuery(rows.map((r) => ({ ...r, at: clock.now() })))] : [])
  const byStaff = (kind: HistoryKind) => (payloads: { reservation: Reservation }[]) =>
    statement(payloads.map(({ reservation }) => ({ reservationId: reservation.id, kind, actor: 'staff' })))
  events.inTransaction('reservation.approved', byStaff('confirmed'))
  events.inTransaction('reservation.reinstated', byStaff('reinstated'))
  events.inTransaction('reservation.cancelled', (payloads) =>
    statement(
      payloads.map(({ reservation, by, declined }) => ({
        reservationId: reservation.id,
        kind: 'cancelled',
        actor: by,
        detail: declined && by === 'staff' ? 'declined' : '',
      })),
    ),
  )
  events.inTransaction('reservation.changed', (payloads) =>
    statement(
      payloads.map(({ reservation, previous, by }) => ({ reservationId: reservation.id, kind: 'changed', actor: by, detail: describeChange(previous, reservation) })),
    ),
  )
}
