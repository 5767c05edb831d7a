import type pg from 'pg'

type Corkable = { cork(): void; uncork(): void }

/**
 * Sends queries on one connection in a single write and resolves with their
 * results in order. The pool runs node-postgres in pipeline mode, so the
 * server gets the statements together and runs them one after another: a
 * transaction pays one round trip for several statements. When one fails,
 * the first error is thrown after all have settled; inside a transaction the
 * statements after it fail too, and the caller rolls back.
 */
export async function sendTogether(client: pg.PoolClient, queries: (pg.QueryConfig | string)[]): Promise<pg.QueryResult[]> {
  // Corking the socket makes the queries one write instead of one each.
  const socket = (client as unknown as { connection?: { stream?: Partial<Corkable> } }).connection?.stream
  socket?.cork?.()
  const pending = queries.map((q) => client.query(q))
  socket?.uncork?.()
  const settled = await Promise.allSettled(pending)
  const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected')
  if (failed) throw failed.reason
  return settled.map((r) => (r as PromiseFulfilledResult<pg.QueryResult>).value)
}
