import type pg from 'pg'
import type { Db } from './client'

/** Ends a transaction: `commit` sends COMMIT; `committed` records one that was sent with other statements. */
export type TransactionEnd = { commit: () => Promise<void>; committed: () => void }

/** A transaction that failed and could not be rolled back either: its connection must not be reused. */
export class ConnectionLost extends Error {
  constructor(readonly error: unknown) {
    super('The database connection was lost during a transaction')
  }
}

/**
 * Runs `work` as a transaction on a connection the caller holds (in pipeline
 * mode: see sendTogether). `work` sends its own BEGIN and ends the
 * transaction through `end`; if it throws first, the transaction is rolled
 * back and the error rethrown, or ConnectionLost when even that fails.
 */
export async function transactionOn<T>(client: pg.PoolClient, work: (client: pg.PoolClient, end: TransactionEnd) => Promise<T>): Promise<T> {
  let open = true
  const end: TransactionEnd = {
    commit: async () => {
      await client.query('commit')
      open = false
    },
    committed: () => {
      open = false
    },
  }
  try {
    return await work(client, end)
  } catch (error) {
    if (open) {
      try {
        await client.query('rollback')
      } catch {
        throw new ConnectionLost(error)
      }
    }
    throw error
  }
}

/** transactionOn, on a connection of its own from the pool (closed, not reused, if it was lost). */
export async function inTransaction<T>(db: Db, work: (client: pg.PoolClient, end: TransactionEnd) => Promise<T>): Promise<T> {
  const client = await db.$client.connect()
  let lost: ConnectionLost | undefined
  try {
    return await transactionOn(client, work)
  } catch (error) {
    if (!(error instanceof ConnectionLost)) throw error
    lost = error
    throw error.error
  } finally {
    client.release(lost)
  }
}
