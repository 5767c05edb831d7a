import type pg from 'pg'
import type { Reservation } from '../db/schema'

/** Domain events of reservations. The email work listens here; nothing about mail lives in this folder. */
export type ReservationEventMap = {
  /** A booking was made, by a guest on the site or by staff (a phone or walk-in booking). */
  'reservation.created': { reservation: Reservation; by: 'guest' | 'staff' }
  /** Staff confirmed a pending booking (a large party). */
  'reservation.approved': { reservation: Reservation }
  /** Staff cancelled a booking or declined a pending one, or the guest cancelled it with the link in their email. */
  'reservation.cancelled': { reservation: Reservation; previousStatus: 'pending' | 'confirmed'; declined: boolean; by: 'guest' | 'staff' }
  /** Staff made a cancelled booking active again. */
  'reservation.reinstated': { reservation: Reservation }
  /** Staff changed a booking's details (its date, time, party or anything else), or the guest moved it with their link. */
  'reservation.changed': { reservation: Reservation; previous: Reservation; by: 'guest' | 'staff' }
  /** Staff marked a party finished or a no-show: its tables are free from that minute (issue 35). */
  'reservation.freed': { reservation: Reservation }
}
type Name = keyof ReservationEventMap
/** One event with its payload, for code that produces several kinds. */
export type ReservationEvent = { [N in Name]: { name: N; payload: ReservationEventMap[N] } }[Name]

type AfterCommit<N extends Name> = (payload: ReservationEventMap[N]) => void | Promise<void>
/**
 * What must commit with the change: statements run in its transaction, just
 * before COMMIT (an outbox row and its send job, say). Given every event of
 * one kind that the transaction holds, so a batch of bookings writes its
 * messages in one statement.
 */
type InTransaction<N extends Name> = (payloads: ReservationEventMap[N][]) => pg.QueryConfig[] | Promise<pg.QueryConfig[]>

/**
 * A tiny typed emitter. `on` listeners run after the transaction commits and
 * can never fail the change (errors go to `onError`); `inTransaction`
 * listeners give statements that run inside it, and roll it back if they fail.
 */
export function createReservationEvents(onError: (error: unknown, name: Name) => void = () => {}) {
  const after = new Map<Name, AfterCommit<Name>[]>()
  const within = new Map<Name, InTransaction<Name>[]>()
  const add = <T>(map: Map<Name, T[]>, name: Name, fn: T) => {
    map.set(name, [...(map.get(name) ?? []), fn])
    return () => map.set(name, (map.get(name) ?? []).filter((f) => f !== fn))
  }
  return {
    on<N extends Name>(name: N, listener: AfterCommit<N>): () => void {
      return add(after, name, listener as AfterCommit<Name>)
    },
    inTransaction<N extends Name>(name: N, listener: InTransaction<N>): () => void {
      return add(within, name, listener as InTransaction<Name>)
    },
    /** The statements the in-transaction listeners want run for these events, in listener order. */
    async statementsFor<N extends Name>(name: N, payloads: ReservationEventMap[N][]): Promise<pg.QueryConfig[]> {
      if (payloads.length === 0) return []
      const statements: pg.QueryConfig[] = []
      for (const fn of within.get(name) ?? []) statements.push(...(await fn(payloads as ReservationEventMap[Name][])))
      return statements
    },
    /** statementsFor one event of any kind (TypeScript cannot pair a union's name with its payload). */
    statementsForEvent(event: ReservationEvent): Promise<pg.QueryConfig[]> {
      return this.statementsFor(event.name, [event.payload] as ReservationEventMap[Name][])
    },
    /** Runs the after-commit listeners; their errors are reported, never thrown. */
    emit<N extends Name>(name: N, payload: ReservationEventMap[N]) {
      for (const fn of after.get(name) ?? []) {
        try {
          void Promise.resolve(fn(payload as ReservationEventMap[Name])).catch((error: unknown) => onError(error, name))
        } catch (error) {
          onError(error, name)
        }
      }
    },
  }
}
export type ReservationEvents = ReturnType<typeof createReservationEvents>
