/**
 * `npm run db:backup` while the app runs and takes bookings, then the
 * database emptied and `npm run db:restore` with the app stopped: the
 * bookings and uploads of the backup are back, and what came after it is not.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { expect, test } from '@playwright/test'
import pg from 'pg'
import { bookingsInDatabase, openSlots, streamBookings } from '../helpers/booking-stream'
// @ts-expect-error a plain ESM helper shared with the bench script
import { embeddedDatabaseUrl, startServer } from '../helpers/server-process.mjs'

const env = { ADMIN_USERNAME: 'faults-admin', ADMIN_PASSWORD: 'faults-password-1', TRUST_PROXY: 'true', CHALLENGE_AFTER_SITE: '1000000' }
const UPLOAD = '0123456789abcdef0123456789abcdef.jpg'

/** Runs an npm script's TypeScript entry on `dataDir`, as `npm run` would (bookings go on meanwhile); resolves to its output. */
async function run(script: string, dataDir: string, args: string[] = []): Promise<string> {
  const { stdout } = await promisify(execFile)(path.resolve('node_modules/.bin/tsx'), [script, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  })
  return stdout
}

async function sql(url: string, text: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(text)).rows
  } finally {
    await client.end()
  }
}

test('a backup taken while bookings come in restores every booking it holds, and its uploads', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pub-faults-backup-'))
  const archive = path.join(dataDir, '..', `${path.basename(dataDir)}.tar.gz`)
  let server = await startServer({ dataDir, env })
  try {
    const slots = await openSlots(server.url, 120)
    fs.writeFileSync(path.join(dataDir, 'uploads', UPLOAD), 'a photo of the garden')
    const before = streamBookings(server.url, slots.slice(0, 40), { concurrency: 4, run: 'backup-before' })
    await before.finished
    // The backup runs while more bookings are being made: it holds those committed before its end, whole.
    const during = streamBookings(server.url, slots.slice(40, 80), { concurrency: 4, run: 'backup-during' })
    const output = await run('scripts/db-backup.ts', dataDir, [archive])
    await during.finished
    expect(output).toMatch(/Backup written: .*embedded-files, uploads/)
    const after = streamBookings(server.url, slots.slice(80, 100), { concurrency: 4, run: 'backup-after' })
    await after.finished
    expect([...before.attempts, ...during.attempts, ...after.attempts].filter((a) => a.status !== 201)).toEqual([])

    // The damage: every booking deleted, the upload gone.
    const url = embeddedDatabaseUrl(dataDir)
    await sql(url, 'delete from email_outbox; delete from reservations')
    fs.rmSync(path.join(dataDir, 'uploads', UPLOAD))
    server.child.kill('SIGTERM')
    await server.exited

    const restored = await run('scripts/db-restore.ts', dataDir, [archive])
    expect(restored).toMatch(/Restored the backup of .*: \d+ reservations, uploads/)
    server = await startServer({ dataDir, env })
    const databaseUrl = embeddedDatabaseUrl(dataDir)
    expect((await bookingsInDatabase(databaseUrl, 'backup-before')).map((r) => r.id).sort()).toEqual(before.attempts.map((a) => a.id).sort())
    expect(await bookingsInDatabase(databaseUrl, 'backup-after')).toEqual([])
    // A booking made during the backup is in it whole or not at all, never half (a row without its emails).
    const duringRows = await bookingsInDatabase(databaseUrl, 'backup-during')
    const [{ orphans }] = await sql(databaseUrl, `select count(*)::int as orphans from reservations r where email like 'fault-backup-%' and not exists (select 1 from email_outbox o where o.reservation_id = r.id)`)
    expect(orphans).toBe(0)
    expect(fs.readFileSync(path.join(dataDir, 'uploads', UPLOAD), 'utf8')).toBe('a photo of the garden')
    // The restored app takes bookings again.
    const again = streamBookings(server.url, slots.slice(100, 110), { concurrency: 2, run: 'backup-again' })
    await again.finished
    expect(again.attempts.filter((a) => a.status !== 201)).toEqual([])
    console.log(
      `Backup and restore: ${before.attempts.length} bookings before the backup all restored, ${duringRows.length} of ${during.attempts.length} made during it restored whole, ` +
        `${after.attempts.length} made after it absent; archive ${(fs.statSync(archive).size / 1024 / 1024).toFixed(1)} MB`,
    )
  } finally {
    server.child.kill('SIGTERM')
    await server.exited
    fs.rmSync(dataDir, { recursive: true, force: true })
    fs.rmSync(archive, { force: true })
  }
})
