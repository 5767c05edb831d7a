import { expect } from 'vitest'
import type { Db } from '../../server/db/client'
import { lockDatesQuery } from '../../server/reservations/booking-sql'

/**
 * Transactions of this test file's database waiting for an advisory lock (a
 * date's). The other test files, on databases of their own in the same
 * server, take date locks too.
 */
export async function waitingForDateLocks(db: Db): Promise<number> {
  const { rows } = await db.$client.query(
    `select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())`,
  )
  return rows[0].n as number
}

/**
 * Holds `date`'s lock (the one bookings take) in a transaction of its own,
 * starts `send` (a request that waits behind it) and resolves once it waits.
 * `release` commits the holder; it may be called more than once.
 */
export async function heldBehindDate<T>(db: Db, date: string, send: () => PromiseLike<T>) {
  const holder = await db.$client.connect()
  await holder.query('begin')
  await holder.query(lockDatesQuery([date]))
  let answered = false
  const answer = Promise.resolve(send()).then((r) => ((answered = true), r))
  let released: Promise<void> | undefined
  const release = () =>
    (released ??= (async () => {
      await holder.query('commit')
      holder.release()
    })())
  try {
    // On a loaded machine the request can take a while to reach the lock.
    await expect.poll(() => waitingForDateLocks(db), { timeout: 15_000 }).toBe(1)
  } catch (error) {
    // Never leave the date held: every later booking of this app would queue behind it.
    await release()
    await answer
    throw error
  }
  return { answer, answered: () => answered, release }
}
