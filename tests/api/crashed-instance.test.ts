/**
 * A crash must not strand email (issue 31, item 6): an app instance whose
 * worker holds a send job and then stops answering (its heartbeat stops, as
 * at a SIGKILL) has the job released for a live instance, which sends it,
 * rather than leaving it locked for graphile-worker's four hours. The same
 * with real processes killed while the mail server holds its answer:
 * tests/faults/crash-mid-send.spec.ts.
 */
import { eq } from 'drizzle-orm'
import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import { appInstances, emailOutbox, emailTemplates } from '../../server/db/schema'
import { startWorker } from '../../server/jobs/worker'
import { createTestApp, secondInstance, type TestApp } from '../helpers/app'
import { until } from '../helpers/booking-stream'
import { hangingTransport, startSmtpServer } from '../helpers/smtp'

let t: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpServer>>
beforeAll(async () => {
  smtp = await startSmtpServer()
  t = await createTestApp({ now: '2026-11-21T12:00:00Z', env: { SMTP_URL: smtp.url, TRUST_PROXY: 'true' } })
  // One message per booking, the guest's: the staff alert (to the venue's email by default) would take the one worker's send first.
  await t.db.update(emailTemplates).set({ isActive: false }).where(eq(emailTemplates.templateKey, 'staff_new_booking'))
})

const booking = (email: string) => ({ name: 'Ann Guest', email, phone: '07700 900 000', date: '2026-12-05', startTime: '19:00', partySize: 2 })

describe('an instance that dies holding a send job', () => {
  it('has the job released once its heartbeat is older than the limit, and a live instance sends the message once', async () => {
    // The instance that will "die": its one worker takes the job and the mail server never answers. It beats once at
    // start, then (its next beat a minute away) stays silent and takes no other job, as a killed process.
    const dying = hangingTransport()
    const doomed = await startWorker(t.deps, t.services, { transport: dying.transport, concurrency: 1, pollInterval: 100, instances: { heartbeatIntervalMs: 60_000, deadAfterMs: 1_000 } })
    const email = 'crash@example.com'
    const res = await request(t.app).post('/api/reservations').set('X-Forwarded-For', '10.9.0.1').send(booking(email)).expect(201)
    await until(() => dying.started.some((m) => m.to === email), 15_000, 'the doomed instance to start sending')

    // A live instance on the same database: it releases what the silent one holds and sends it.
    const live = secondInstance(t)
    const survivor = await startWorker(t.deps, live.services, { pollInterval: 100, instances: { heartbeatIntervalMs: 200, deadAfterMs: 1_000 } })
    const started = Date.now()
    await until(() => smtp.received.some((m) => m.envelopeTo.includes(email)), 15_000, 'the live instance to send the confirmation')
    // Within a few heartbeats of the limit, not hours.
    expect(Date.now() - started).toBeLessThan(8_000)
    // The row is marked sent once the mail server has answered: a moment after the message arrives there.
    const outboxRow = async () => (await t.db.select().from(emailOutbox).where(eq(emailOutbox.messageKey, `reservation:${res.body.id}:booking_confirmed`)))[0]
    await until(async () => (await outboxRow())?.status === 'sent', 5_000, 'the outbox row to be marked sent').catch(() => undefined)
    const row = await outboxRow()
    expect(row!.status).toBe('sent')
    // The same stable id the dead instance gave it: a mail program that got both sees one message.
    const sent = smtp.received.find((m) => m.envelopeTo.includes(email))!
    expect(sent.messageId).toBe(dying.started.find((m) => m.to === email)!.messageId)
    expect(sent.messageId).toBe(`<reservation:${res.body.id}:booking_confirmed@localhost>`)
    // The dead instance's row is gone; the live one's beats.
    const rows = await t.db.select().from(appInstances)
    expect(rows.map((r) => r.workerIds.length)).toEqual([2])

    // The "dead" instance's send finally fails: it must not mark the sent message unsent.
    dying.release()
    await doomed.stop()
    const [after] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, row!.id))
    expect(after!.status).toBe('sent')
    expect(smtp.received.filter((m) => m.envelopeTo.includes(email))).toHaveLength(1)
    await survivor.stop()
  })

  it('is released at start-up by an instance that finds its heartbeat already old', async () => {
    const dying = hangingTransport()
    const doomed = await startWorker(t.deps, t.services, { transport: dying.transport, concurrency: 1, pollInterval: 100, instances: { heartbeatIntervalMs: 60_000, deadAfterMs: 500 } })
    const email = 'crash-two@example.com'
    await request(t.app).post('/api/reservations').set('X-Forwarded-For', '10.9.0.2').send({ ...booking(email), startTime: '20:00' }).expect(201)
    await until(() => dying.started.some((m) => m.to === email), 15_000, 'the doomed instance to start sending')
    await new Promise((r) => setTimeout(r, 800))
    // Its next heartbeat is a minute away: the restarted instance's own start-up releases the job, no tick needed.
    const survivor = await startWorker(t.deps, secondInstance(t).services, { pollInterval: 100, instances: { heartbeatIntervalMs: 60_000, deadAfterMs: 500 } })
    await until(() => smtp.received.some((m) => m.envelopeTo.includes(email)), 5_000, 'the restarted instance to send it')
    dying.release()
    await doomed.stop()
    await survivor.stop()
  })

  it('is left alone while it beats: a live instance in a long send keeps its job', async () => {
    const slow = hangingTransport()
    const busy = await startWorker(t.deps, t.services, { transport: slow.transport, concurrency: 1, pollInterval: 100, instances: { heartbeatIntervalMs: 100, deadAfterMs: 500 } })
    const email = 'slow-send@example.com'
    await request(t.app).post('/api/reservations').set('X-Forwarded-For', '10.9.0.3').send({ ...booking(email), startTime: '20:30' }).expect(201)
    await until(() => slow.started.some((m) => m.to === email), 15_000, 'the busy instance to start sending')
    const other = await startWorker(t.deps, secondInstance(t).services, { pollInterval: 100, instances: { heartbeatIntervalMs: 100, deadAfterMs: 500 } })
    await new Promise((r) => setTimeout(r, 1_500))
    expect(smtp.received.some((m) => m.envelopeTo.includes(email))).toBe(false)
    slow.release()
    await busy.stop()
    await other.stop()
  })
})
