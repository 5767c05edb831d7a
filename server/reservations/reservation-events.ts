import type { DbOrTx } from '../db/client'
import type { Reservation } from '../db/schema'

/** Domain events of reservations. The email work listens here; nothing about mail lives in this folder. */
export type ReservationEventMap = {
  'reservation.created': { reservation: Reservation }
}
type Name = keyof ReservationEventMap
type AfterCommit<N extends Name> = (payload: ReservationEventMap[N]) => void | Promise<void>
type InTransaction<N extends Name> = (tx: DbOrTx, payload: ReservationEventMap[N]) => Promise<void>

/**
 * A tiny typed emitter. `on` listeners run after the transaction commits and
 * can never fail the booking (errors go to `onError`); `inTransaction`
 * listeners run inside it (for example to write an outbox row with the change)
 * and do roll the booking back if they throw.
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
    /** Whether anything listens inside the transaction (the booking then keeps it open for them). */
    hasInTransactionListeners(name: Name): boolean {
      return (within.get(name)?.length ?? 0) > 0
    },
    /** Runs the in-transaction listeners, in order. */
    async emitInTransaction<N extends Name>(tx: DbOrTx, name: N, payload: ReservationEventMap[N]) {
      for (const fn of within.get(name) ?? []) await fn(tx, payload)
    },
    /** Runs the after-commit listeners; their errors are reported, never thrown. */
    emit<N extends Name>(name: N, payload: ReservationEventMap[N]) {
      for (const fn of after.get(name) ?? []) {
        try {
          void Promise.resolve(fn(payload)).catch((error: unknown) => onError(error, name))
        } catch (error) {
          onError(error, name)
        }
      }
    },
  }
}
export type ReservationEvents = ReturnType<typeof createReservationEvents>
