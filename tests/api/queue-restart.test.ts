/**
 * The job queue's restart (server/jobs/worker.ts, decision 47): a runner that
 * lost its database is replaced, once the database answers, by one runner.
 * Also when the heartbeat that records the new runner's workers cannot be
 * written, as when the database goes away again the moment it starts: the
 * restart then took its start as failed and started another beside it, and
 * the first ran on unseen until the process stopped.
 */
import pg from 'pg'
import request from 'supertest'
import { beforeAll, expect, inject, it } from 'vitest'
import { startWorker } from '../../server/jobs/worker'
import { createTestApp, type TestApp } from '../helpers/app'
import { until } from '../helpers/booking-stream'
import { guestBooking } from '../helpers/guest-booking'
import { hangingTransport } from '../helpers/smtp'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z', env: { TRUST_PROXY: 'true' } })
})

/** Statements on the server's own database, which stays open while the app's is closed. */
async function asAdmin(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: inject('databaseAdminUrl') })
  await client.connect()
  try {
    return (await client.query(text, values)).rows
  } finally {
    await client.end()
  }
}
const databaseName = () => new URL(t.url).pathname.slice(1)
/** The job queue's runners on the app's database: each holds a connection listening for new jobs. */
const runners = async () =>
  (await asAdmin(`select count(*)::int as n from pg_stat_activity where datname = $1 and query like 'LISTEN "jobs:insert"%'`, [databaseName()]))[0].n as number
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

it('is replaced by one runner once its database answers, also when the heartbeat after cannot be written', async () => {
  const mail = hangingTransport()
  const worker = await startWorker(t.deps, t.services, { transport: mail.transport, concurrency: 1, pollInterval: 100, instances: { heartbeatIntervalMs: 60_000 } })
  try {
    expect(await runners()).toBe(1)
    const booked = (await request(t.app).post('/api/reservations').set('X-Forwarded-For', '10.9.0.2').send(guestBooking({ date: '2026-12-05', startTime: '19:00' })).expect(201))
      .body as { id: number; email: string }
    await until(() => mail.started.length > 0, 20_000, 'a confirmation to be on its way')
    // No heartbeat can be written from now on.
    await t.db.$client.query(`create function refuse_beats() returns trigger language plpgsql as $$ begin raise exception 'no heartbeat now'; end $$`)
    await t.db.$client.query('create trigger refuse_beats before insert or update on app_instances for each row execute function refuse_beats()')

    // The database goes away: every connection to it ended, and no new one taken. The send then fails, and its worker,
    // unable to record that, stops (worker:fatalError): the queue restarts once the database answers.
    await asAdmin(`alter database "${databaseName()}" allow_connections false`)
    await asAdmin('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [databaseName()])
    mail.release()
    await sleep(1500)
    expect(await runners()).toBe(0)
    await asAdmin(`alter database "${databaseName()}" allow_connections true`)

    await until(async () => (await runners()) > 0, 20_000, 'the job queue to run again')
    // The restart tries again each second while a start fails: a few seconds, and still one runner.
    await sleep(3500)
    expect(await runners()).toBe(1)
    // And it works: the guest's confirmation, tried again, is sent.
    const unsent = async () =>
      (await t.db.$client.query<{ n: number }>(`select count(*) filter (where status <> 'sent')::int as n from email_outbox where reservation_id = $1`, [booked.id])).rows[0]!.n
    await until(async () => (await unsent()) === 0, 20_000, 'the confirmation to be sent')
    expect(mail.started.filter((m) => m.to === booked.email).length).toBeGreaterThanOrEqual(2)
    await t.db.$client.query('drop trigger refuse_beats on app_instances')
    await t.db.$client.query('drop function refuse_beats()')
  } finally {
    // Bounded: runners started beside the first (the fault this tests) keep the queue's pool, and its stop would wait for ever.
    await Promise.race([worker.stop(), sleep(10_000)])
  }
  expect(await runners()).toBe(0)
})
