import crypto from 'node:crypto'
import os from 'node:os'
import type pg from 'pg'

/** How often a running instance says it is alive, and looks for instances that are not. */
export const HEARTBEAT_INTERVAL_MS = 10_000
/** An instance silent this long is dead: the jobs its workers hold are released. */
export const DEAD_AFTER_MS = 30_000

export type InstanceTimings = { heartbeatIntervalMs?: number; deadAfterMs?: number }

/**
 * This app instance, as the other instances on the database see it: a row
 * of `app_instances` with its id, its job-queue worker ids and a heartbeat
 * (DESIGN.md section 4). graphile-worker only frees a job locked by a worker
 * that died after four hours, so a guest whose booking committed just before
 * a crash would wait that long for its confirmation. Instead every instance,
 * on start-up and with each heartbeat, releases the jobs held by instances
 * whose heartbeat is older than `deadAfterMs`, and by workers no live
 * instance owns that have held a job that long (an instance that died before
 * its first heartbeat, or ran a version without them); a live worker then
 * sends them. Times are the database's, so instances' clocks need not agree.
 */
export function appInstance(pool: pg.Pool, { heartbeatIntervalMs = HEARTBEAT_INTERVAL_MS, deadAfterMs = DEAD_AFTER_MS }: InstanceTimings = {}) {
  const id = crypto.randomUUID()
  const label = `${os.hostname()} pid ${process.pid}`
  let workerIds: string[] = []

  const beat = () =>
    pool.query(
      `insert into app_instances (id, label, worker_ids) values ($1, $2, $3)
         on conflict (id) do update set worker_ids = excluded.worker_ids, heartbeat_at = now()`,
      [id, label, workerIds],
    )

  /** Releases what dead instances held; resolves to how many jobs were freed. */
  async function releaseTheDead(): Promise<number> {
    const { rows } = await pool.query<{ released: number }>(
      // The CTEs read the table as it was before the delete: `live` is every instance that still beats.
      `with dead as (
          delete from app_instances where heartbeat_at < now() - $1 * interval '1 millisecond' returning worker_ids),
        live as (
          select unnest(worker_ids) as worker_id from app_instances where heartbeat_at >= now() - $1 * interval '1 millisecond'),
        orphaned as (
          select unnest(worker_ids) as worker_id from dead
          union
          select locked_by from graphile_worker._private_jobs
           where locked_by is not null and locked_at < now() - $1 * interval '1 millisecond' and locked_by not in (select worker_id from live))
        select (select count(*)::int from graphile_worker._private_jobs where locked_by in (select worker_id from orphaned)) as released,
          graphile_worker.force_unlock_workers(array(select worker_id from orphaned))`,
      [deadAfterMs],
    )
    return rows[0]?.released ?? 0
  }

  return {
    id,
    /** Records this instance's current workers (a new runner has new ones) and beats at once. */
    async workers(ids: Iterable<string>) {
      workerIds = [...ids]
      await beat()
    },
    /** A heartbeat, then the release of what dead instances hold; resolves to how many jobs were freed. */
    async tick(): Promise<number> {
      await beat()
      return releaseTheDead()
    },
    heartbeatIntervalMs,
    /** Leaves the table: a stopped instance has released its jobs itself. */
    leave: () => pool.query('delete from app_instances where id = $1', [id]),
  }
}
export type AppInstance = ReturnType<typeof appInstance>
