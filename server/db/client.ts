import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import * as schema from './schema'

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool }

/** A pooled Drizzle client over node-postgres. */
export function createDb(connectionString: string, options: { max?: number } = {}): Db {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    // Queries given to a connection without waiting are sent at once (see db/pipeline.ts);
    // code that awaits each query works as before.
    pipeline: true,
  })
  // A connection that dies must not crash the process: idle ones are reported on the pool,
  // and one in use emits 'error' on its client (its queries fail too, and the pool drops it).
  pool.on('error', () => {})
  pool.on('connect', (client) => client.on('error', () => {}))
  return drizzle(pool, { schema }) as Db
}

/** A transaction handle or the database itself: data modules accept either. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0]
