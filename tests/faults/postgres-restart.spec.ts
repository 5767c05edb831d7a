/**
 * The app on an external PostgreSQL (DATABASE_URL) that is stopped (fast
 * shutdown) and started again while bookings keep coming: health says 503
 * while it is down and never 500, the app does not crash and comes back by
 * itself, and no booking that got a 201 is lost.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import pg from 'pg'
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from '../../server/db/embedded'
import { bookingsInDatabase, duplicatedEmails, openSlots, send, streamBookings, until } from '../helpers/booking-stream'
// @ts-expect-error a plain ESM helper shared with the bench script
import { startServer } from '../helpers/server-process.mjs'

const OUTAGE_MS = 4000
const env = { ADMIN_USERNAME: 'faults-admin', ADMIN_PASSWORD: 'faults-password-1', TRUST_PROXY: 'true', CHALLENGE_AFTER_SITE: '1000000' }

/** GET /api/health every 100 ms, each answer's status recorded (0: no answer at all). */
function watchHealth(url: string) {
  const seen: { at: number; status: number }[] = []
  let stopped = false
  const done = (async () => {
    while (!stopped) {
      const status = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5000) }).then(
        (r) => r.status,
        () => 0,
      )
      seen.push({ at: Date.now(), status })
      await new Promise((r) => setTimeout(r, 100))
    }
  })()
  return {
    seen,
    last: () => seen[seen.length - 1]?.status,
    stop: async () => {
      stopped = true
      await done
    },
  }
}

async function createDatabase(adminUrl: string, name: string) {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  await client.query(`create database "${name}"`)
  await client.end()
}

/** Waits until the wall clock's seconds within the minute next read `second`. */
const untilSecond = (second: number) => new Promise((r) => setTimeout(r, (second * 1000 - (Date.now() % 60_000) + 60_000) % 60_000))

const countBy = <T>(items: T[], key: (item: T) => string) =>
  items.reduce<Record<string, number>>((acc, item) => ({ ...acc, [key(item)]: (acc[key(item)] ?? 0) + 1 }), {})

test('answers 503 while its PostgreSQL is down, recovers by itself, and loses no acknowledged booking', async () => {
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pub-faults-pg-'))
  const appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pub-faults-app-'))
  const port = await freePort()
  let postgres: EmbeddedDatabase | undefined = await startEmbeddedPostgres({ dataDir: pgDir, port })
  let server: Awaited<ReturnType<typeof startServer>> | undefined
  try {
    await createDatabase(postgres.url(), 'pub')
    const databaseUrl = postgres.url('pub')
    server = await startServer({ dataDir: appDir, env: { ...env, DATABASE_URL: databaseUrl } })
    const slots = await openSlots(server.url, 1200)
    // The bookings start 3.5 s before the outage below. Each lane waits 50 ms after a booking, so however fast the host
    // answers they come at 160 a second at most, and their 1,200 times last through the outage and well past it (with
    // 10 ms, a fast host booked 530 a second and took every time before PostgreSQL was even stopped).
    await untilSecond(55)
    const health = watchHealth(server.url)
    const stream = streamBookings(server.url, slots, { concurrency: 8, run: 'pg-restart', pauseMs: 50 })
    await until(() => stream.acknowledged().length >= 40, 60_000, '40 acknowledged bookings')

    // Down: a fast shutdown ends every session, then nothing listens on the port. It goes down a second and a
    // half before a minute turns, so that the job queue's cron, which looks at the database as each minute
    // turns, finds it gone (graphile-worker then stops the whole queue, and its rejected promise once ended the app).
    await untilSecond(58.5)
    const sentBefore = stream.attempts.length
    expect(sentBefore, 'times left for bookings after the outage').toBeLessThan(slots.length / 2)
    const downAt = Date.now()
    await postgres.stop()
    postgres = undefined
    await until(() => health.last() === 503, 10_000, 'health to answer 503')
    const first503Ms = health.seen.find((h) => h.at >= downAt && h.status === 503)!.at - downAt
    await new Promise((r) => setTimeout(r, OUTAGE_MS))
    expect(server.child.exitCode, `the app exited; its output:\n${server.output()}`).toBeNull()
    const duringOutage = stream.attempts.slice(sentBefore)

    // Up again on the same port, the app untouched.
    postgres = await startEmbeddedPostgres({ dataDir: pgDir, port })
    const upAt = Date.now()
    await until(() => health.seen.some((h) => h.at > upAt && h.status === 200), 30_000, 'health to answer 200 again')
    const healthyMs = health.seen.find((h) => h.at > upAt && h.status === 200)!.at - upAt
    const ackedAtUp = stream.acknowledged().length
    await until(() => stream.acknowledged().some((a) => stream.attempts.indexOf(a) >= sentBefore + duringOutage.length), 30_000, 'a booking to succeed again')
    await until(() => stream.acknowledged().length >= ackedAtUp + 40, 30_000, '40 more acknowledged bookings')
    await stream.stop()
    await health.stop()
    expect(server.child.exitCode).toBeNull()

    // Health only ever said 200 or 503 (never a 500, never no answer).
    expect(countBy(health.seen, (h) => String(h.status))).toEqual(
      expect.objectContaining({ '200': expect.any(Number), '503': expect.any(Number) }),
    )
    expect(health.seen.filter((h) => h.status !== 200 && h.status !== 503)).toEqual([])
    // While it was down, bookings were refused with 503 and a plain message, never a 500.
    expect(stream.attempts.filter((a) => a.status === 500)).toEqual([])

    // Every 201 is in the database; retries with the same key of everything else make no duplicate.
    const stored = await bookingsInDatabase(databaseUrl, 'pg-restart')
    const emailOf = new Map(stored.map((r) => [r.id, r.email]))
    const acknowledged = stream.acknowledged()
    expect(acknowledged.filter((a) => emailOf.get(a.id!) !== a.body.email)).toEqual([])
    expect(duplicatedEmails(stored)).toEqual([])
    const failed = stream.attempts.filter((a) => a.status !== 201)
    const statuses = countBy(stream.attempts, (a) => String(a.status ?? 'no answer'))
    for (const attempt of failed) await send(server.url, attempt)
    expect(failed.filter((a) => a.status !== 201)).toEqual([])
    const after = await bookingsInDatabase(databaseUrl, 'pg-restart')
    expect(duplicatedEmails(after)).toEqual([])
    expect(after).toHaveLength(stream.attempts.length)
    // The job queue came back too: every acknowledged booking's emails go out.
    const unsent = async () => {
      const client = new pg.Client({ connectionString: databaseUrl })
      await client.connect()
      const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from email_outbox where status = 'pending'`)
      await client.end()
      return rows[0]!.n
    }
    await until(async () => (await unsent()) === 0, 60_000, 'every queued email to be sent')
    const emailsSentMs = Date.now() - upAt
    console.log(
      `PostgreSQL restart: ${stream.attempts.length} bookings sent (${JSON.stringify(statuses)}), ${acknowledged.length} acknowledged, all kept; ` +
        `health 503 ${first503Ms} ms after the stop began, 200 again ${healthyMs} ms after the start; ` +
        `${countBy(health.seen, (h) => String(h.status))['503']} health checks answered 503, none 500; ${failed.length} failed bookings retried with their key: no duplicate; every queued email sent ${(emailsSentMs / 1000).toFixed(1)} s after the start`,
    )
  } finally {
    if (server) {
      server.child.kill('SIGTERM')
      await server.exited
    }
    await postgres?.stop()
    fs.rmSync(pgDir, { recursive: true, force: true })
    fs.rmSync(appDir, { recursive: true, force: true })
  }
})
