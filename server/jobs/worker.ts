import { EventEmitter } from 'node:events'
import pg from 'pg'
import { Logger as GraphileLogger, run, type Runner, type TaskList, type WorkerEvents } from 'graphile-worker'
import type { Logger } from 'pino'
import type { Db } from '../db/client'
import { SEND_ATTEMPTS, SEND_TASK, type SendEntry } from '../email/outbox'
import { createMailTransport, type MailTransport } from '../email/transport'
import type { Deps } from '../deps'
import type { Services } from '../services'
import { appInstance, type InstanceTimings } from './instances'
import { WAITLIST_EXPIRY_TASK, WAITLIST_OFFERS_TASK } from '../waitlist/waitlist-service'

const HOUSEKEEPING_TASK = 'housekeeping'
const REMINDERS_TASK = 'booking_reminders'
const REVIEW_REQUESTS_TASK = 'review_requests'
const GUEST_RETENTION_TASK = 'guest_retention'
/** How long a runner that lost its database gets to stop, and how often its replacement is tried. */
const STOP_TIMEOUT_MS = 10_000
const RESTART_RETRY_MS = 1000
/**
 * How long a message waits at most for the table bookings in progress in this
 * process to be committed: in a rush, guests' answers come before emails, and
 * the emails follow within seconds.
 */
const GIVE_WAY_MAX_MS = 2000

/** Scheduled work (DESIGN.md section 4): each task records what it did, so a missed or doubled run does no harm. */
export const CRONTAB = [
  // Expired rate-limit windows, sessions and idempotency keys, every hour on the hour.
  `0 * * * * ${HOUSEKEEPING_TASK}`,
  // Reminders and review requests, every 5 minutes. Each run sends whatever is due and not yet
  // sent, so a late run catches up by itself; the short backfill runs a tick missed during a
  // restart as soon as the app is back, rather than at the next tick.
  `*/5 * * * * ${REMINDERS_TASK} ?fill=10m`,
  `*/5 * * * * ${REVIEW_REQUESTS_TASK} ?fill=10m`,
  // Waitlist offers past their 30 minutes, every minute: each expires and its time goes to the next guest (issue 35).
  `* * * * * ${WAITLIST_EXPIRY_TASK}`,
  // Guests not seen for longer than the retention setting are anonymised (issue 37), daily at 03:30;
  // a day missed while the app was down runs when it is back.
  `30 3 * * * ${GUEST_RETENTION_TASK} ?fill=1d`,
].join('\n')

/** graphile-worker's log lines, into the app's log (its debug chatter at debug). */
function graphileLogger(logger: Logger) {
  const log = logger.child({ component: 'jobs' })
  return new GraphileLogger((scope) => (level, message, meta) => {
    const fields = { ...scope, ...meta }
    if (level === 'error') log.error(fields, message)
    else if (level === 'warning') log.warn(fields, message)
    else if (level === 'info') log.info(fields, message)
    else log.debug(fields, message)
  })
}

/** A pool of its own on the app's database: the queue's LISTEN connection and job claims stay off the request path. */
export function queuePool(db: Db, max = 4) {
  const pool = new pg.Pool({ connectionString: db.$client.options.connectionString, max })
  pool.on('error', () => {})
  return pool
}

export type Worker = { stop: () => Promise<void>; runner: Runner; transport: MailTransport }

/**
 * The job queue, inside the app process (DESIGN.md section 4): graphile-worker
 * on the app's own database. Several app instances can each run one; a job is
 * claimed by one of them (FOR UPDATE SKIP LOCKED), retried with exponential
 * back-off when it fails, and the crontab's jobs are added once however many
 * instances run. `stop` lets jobs in progress finish, and releases the rest.
 */
export async function startWorker(
  { db, config, logger }: Pick<Deps, 'db' | 'config' | 'logger'>,
  services: Pick<Services, 'email' | 'housekeeping' | 'visitEmails' | 'reservations' | 'waitlist' | 'guests'>,
  options: {
    transport?: MailTransport
    concurrency?: number
    pollInterval?: number
    giveWayMaxMs?: number
    /** How long the booking queue stays empty before an email goes (booking-batch.ts's 25 ms; a test on a loaded machine lengthens it). */
    bookingsQuietMs?: number
    /** How long a staff alert of a guest's change waits for more (inbox-limits.ts; tests shorten it). */
    staffAlertWaitMs?: number
    /** The heartbeat's timings (instances.ts; tests shorten them). */
    instances?: InstanceTimings
  } = {},
): Promise<Worker> {
  const transport = options.transport ?? createMailTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, logger })
  const pool = queuePool(db)
  // This instance's heartbeat, by which others know to release the jobs it holds if it dies.
  const instance = appInstance(pool, options.instances)
  const giveWayMaxMs = options.giveWayMaxMs ?? GIVE_WAY_MAX_MS
  const taskList: TaskList = {
    [SEND_TASK]: async (payload, helpers) => {
      const attempt = { number: helpers.job.attempts, of: helpers.job.max_attempts }
      const sendOne = async ({ outboxId }: SendEntry) => {
        await services.reservations.bookingsIdle(giveWayMaxMs, options.bookingsQuietMs)
        const outcome = await services.email.send(outboxId, transport, attempt, { staffAlertWaitMs: options.staffAlertWaitMs })
        // Not yet (a staff alert waiting for more changes to its booking): a job of its own for then.
        if (typeof outcome === 'object') {
          await helpers.addJob(SEND_TASK, { outboxId }, { runAt: outcome.deferUntil, jobKey: `outbox:${outboxId}`, maxAttempts: SEND_ATTEMPTS })
        }
      }
      // A message staff send again from the delivery log is a job of its own (as were those queued by earlier versions).
      if (!Array.isArray(payload)) return sendOne(payload as SendEntry)
      // The messages of one change: sent one after another; graphile-worker tries again only the entries that failed.
      let previous: Promise<unknown> = Promise.resolve()
      return (payload as SendEntry[]).map((entry) => (previous = previous.catch(() => undefined).then(() => sendOne(entry))))
    },
    [HOUSEKEEPING_TASK]: async () => {
      const removed = await services.housekeeping.run()
      logger.info(removed, 'Housekeeping')
    },
    [GUEST_RETENTION_TASK]: async () => {
      const anonymised = await services.guests.applyRetention()
      logger.info(anonymised, 'Guest retention: guests anonymised')
    },
    [REMINDERS_TASK]: async () => {
      await services.visitEmails.sendDueReminders()
    },
    [REVIEW_REQUESTS_TASK]: async () => {
      await services.visitEmails.sendDueReviewRequests()
    },
    // A date where a time may have freed (queued by the change that freed it, one job per date).
    [WAITLIST_OFFERS_TASK]: async (payload) => {
      const { date } = payload as { date?: unknown }
      if (typeof date === 'string') await services.waitlist.runOffers(date)
    },
    [WAITLIST_EXPIRY_TASK]: async () => {
      await services.waitlist.expireDue()
    },
  }
  // graphile-worker stops a worker that could not record a job's outcome (the database went away
  // mid-job) and never replaces it, and it stops the whole runner when its cron cannot reach the
  // database as a minute turns; either way the queue would stand still until the process restarts.
  // So a runner that loses a worker, or ends, is replaced once the database answers.
  let current: { runner: Runner; workerIds: Set<string> }
  let stopping = false
  let restarting: Promise<void> | undefined
  const start = async () => {
    const events: WorkerEvents = new EventEmitter()
    const started = { workerIds: new Set<string>() } as typeof current
    const replace = () => {
      if (current === started && !stopping) restarting ??= restart().finally(() => (restarting = undefined))
    }
    events.on('worker:create', ({ worker }) => started.workerIds.add(worker.workerId))
    events.on('worker:fatalError', replace)
    started.runner = await run({
      pgPool: pool,
      taskList,
      crontab: CRONTAB,
      concurrency: options.concurrency ?? 2,
      pollInterval: options.pollInterval ?? 2000,
      noHandleSignals: true,
      logger: graphileLogger(logger),
      events,
    })
    current = started
    // Its promise rejects only when the runner ended on an error (the cron's, with the database away).
    started.runner.promise.catch(replace)
    // Once its runner runs, start() does not fail: a restart would start another beside it, and this one would run on
    // unseen until the process stops. Workers whose ids could not be recorded now are recorded by the next heartbeat.
    await instance.workers(started.workerIds).catch((error: unknown) => logger.warn({ err: error }, "Could not record the job queue's workers: the next heartbeat will"))
  }
  const restart = async () => {
    logger.error('The job queue lost its database: restarting it once the database answers')
    const lost = current
    await withTimeout(lost.runner.stop(), STOP_TIMEOUT_MS).catch(() => undefined)
    while (!stopping) {
      try {
        // The jobs the stopped workers held would otherwise stay locked for hours.
        await pool.query('select graphile_worker.force_unlock_workers($1::text[])', [[...lost.workerIds]])
        await start()
        logger.info('Job queue running again')
        return
      } catch {
        await new Promise((r) => setTimeout(r, RESTART_RETRY_MS))
      }
    }
  }

  await start()
  // Once at start-up too (one job however many instances start: the key folds them together).
  await current!.runner.addJob(HOUSEKEEPING_TASK, {}, { jobKey: 'housekeeping:start-up', jobKeyMode: 'unsafe_dedupe' })
  // Jobs held by an instance that died (this one, before a restart, or another): released now, and at every heartbeat.
  const releaseTheDead = async () => {
    const released = await instance.tick()
    if (released) logger.warn({ released }, 'Released jobs held by an app instance that stopped answering: a live worker sends them')
  }
  await releaseTheDead()
  let beating = false
  const heartbeat = setInterval(() => {
    if (beating || stopping) return
    beating = true
    releaseTheDead()
      .catch((error: unknown) => logger.debug({ err: error }, 'Heartbeat failed (the database may be away)'))
      .finally(() => (beating = false))
  }, instance.heartbeatIntervalMs)
  heartbeat.unref()
  logger.info({ mail: transport.describe, instance: instance.id }, 'Job queue running')
  let stopped: Promise<void> | undefined
  return {
    get runner() {
      return current.runner
    },
    transport,
    stop: () =>
      (stopped ??= (async () => {
        stopping = true
        clearInterval(heartbeat)
        await restarting
        await current.runner.stop()
        // Stopped cleanly, its jobs released: nothing for the others to do.
        await instance.leave().catch(() => undefined)
        transport.close()
        await pool.end()
      })()),
  }
}

/** Settles like `promise`, or rejects after `ms`. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())])
}
