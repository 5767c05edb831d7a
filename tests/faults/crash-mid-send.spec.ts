import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { simpleParser, type ParsedMail } from 'mailparser'
import pg from 'pg'
import { SMTPServer } from 'smtp-server'
import { attemptFor, openSlots, send, until } from '../helpers/booking-stream'
import { alive, clusterState, killPostgres, postmasterPid } from '../helpers/postgres-process'
// @ts-expect-error a plain ESM helper shared with the bench script
import { embeddedDatabaseUrl, startServer } from '../helpers/server-process.mjs'
import { processAdminEnv } from '../e2e/servers'

/** How long after the restart every committed booking's message must have arrived (issue 31). */
const DELIVERY_LIMIT_MS = 60_000
const BOOKINGS = 8

/**
 * The crash window of the outbox (issue 31, item 6): the app is killed with
 * SIGKILL, and its PostgreSQL with it, while the mail server has the message
 * and holds its answer to DATA, so the app never learns whether it was taken.
 * Before instance heartbeats, that send job stayed locked by the dead worker
 * for graphile-worker's four hours, and the guest got no confirmation.
 */
test('SIGKILL while the mail server holds its answer to DATA: after a restart every committed booking’s messages arrive within 60 s', async () => {
  // A real SMTP server that, while `holding`, reads each message and never answers it.
  let holding = true
  const held: ParsedMail[] = []
  const accepted: ParsedMail[] = []
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        if (holding) return void held.push(mail)
        accepted.push(mail)
        callback()
      }, callback)
    },
  })
  smtp.on('error', () => undefined)
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const smtpUrl = `smtp://127.0.0.1:${((smtp as unknown as { server: { address(): AddressInfo } }).server.address()).port}`
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pub-crash-mail-'))
  const env = { ...processAdminEnv, SMTP_URL: smtpUrl, TRUST_PROXY: 'true', CHALLENGE_AFTER_SITE: '1000000' }
  let second: Awaited<ReturnType<typeof startServer>> | undefined
  let client: pg.Client | undefined
  try {
    const first = await startServer({ dataDir, env })
    const slots = await openSlots(first.url, BOOKINGS)
    const attempts = []
    for (const slot of slots) attempts.push(await send(first.url, attemptFor(slot, 'crashmail')))
    expect(attempts.map((a) => a.status)).toEqual(Array(BOOKINGS).fill(201))
    // The app's worker is in the middle of a send: the mail server has a message and has not answered.
    await until(() => held.length > 0, 30_000, 'the mail server to be holding a message')
    first.child.kill('SIGKILL')
    await first.exited
    await killPostgres(dataDir)
    // Left as a crash leaves it: the next start replays the WAL.
    expect(clusterState(dataDir)).toBe('in production')
    holding = false

    const restartedAt = Date.now()
    second = await startServer({ dataDir, env })
    client = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir) })
    client.on('error', () => undefined)
    await client.connect()
    const db = client
    const committed = (await db.query<{ email: string }>("select email from reservations where email like 'fault-crashmail-%'")).rows.map((r) => r.email)
    expect(committed.sort()).toEqual(attempts.map((a) => String(a.body.email)).sort())
    const arrived = (email: string) => accepted.filter((m) => JSON.stringify(m.to).includes(email))
    await until(() => committed.every((email) => arrived(email).length > 0), DELIVERY_LIMIT_MS, 'every committed booking’s confirmation')
    const deliveredMs = Date.now() - restartedAt
    // The outbox says so too, a moment after the mail server's answer.
    const statuses = async () =>
      (await db.query<{ status: string; n: number }>("select status, count(*)::int as n from email_outbox where to_address like 'fault-crashmail-%' group by status")).rows
    await until(async () => JSON.stringify(await statuses()) === JSON.stringify([{ status: 'sent', n: BOOKINGS }]), 10_000, 'every outbox row to be recorded as sent')

    // At least once: the held message may arrive twice, but as one message (one Message-ID, its outbox key's).
    const heldIds = new Set(held.map((m) => m.messageId))
    for (const email of committed) {
      const ids = new Set(arrived(email).map((m) => m.messageId))
      expect(ids.size, email).toBe(1)
      expect([...ids][0]).toMatch(/^<reservation:\d+:booking_confirmed@/)
    }
    const twice = committed.filter((email) => arrived(email).some((m) => heldIds.has(m.messageId)))
    console.log(
      `Crash mid-send: ${BOOKINGS} bookings, ${held.length} message(s) held by the mail server at the kill (PostgreSQL killed too, crash recovery ran); ` +
        `every confirmation arrived ${(deliveredMs / 1000).toFixed(1)} s after the restart; ${twice.length} sent again after the crash, with the same Message-ID`,
    )
  } finally {
    await client?.end().catch(() => undefined)
    second?.child.kill('SIGTERM')
    await second?.exited
    const orphan = postmasterPid(dataDir)
    if (orphan && alive(orphan)) process.kill(orphan, 'SIGINT')
    await new Promise<void>((resolve) => smtp.close(() => resolve()))
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
})
