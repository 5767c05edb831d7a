import type pg from 'pg'
import type { ReservationHistoryEntry } from '../../common/admin-reservations'
import type { Db } from '../db/client'

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
    `select 'created' as kind, created_by as actor, '' as detail, created_at as at, 0 as id from reservations where id = $1
     union all
     select kind, actor, detail, at, id from reservation_history where reservation_id = $1
     order by at, id`,
    [reservationId],
  )
  return rows.map((r) => ({
    kind: r.kind as ReservationHistoryEntry['kind'],
    actor: r.actor as ReservationHistoryEntry['actor'],
    detail: r.detail,
    at: new Date(r.at).toISOString(),
  }))
}
