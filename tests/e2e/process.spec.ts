import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { guestBooking } from '../helpers/guest-booking'
import { bookingsInDatabase, duplicatedEmails, openSlots, send, streamBookings, until } from '../helpers/booking-stream'
// @ts-expect-error a plain ESM helper shared with the bench script
import { embeddedDatabaseUrl, freePort, spawnServer, startServer } from '../helpers/server-process.mjs'
import { alive, clusterState, killPostgres, postmasterPid } from '../helpers/postgres-process'
import { processAdminEnv, saveCocktailsIntro } from './servers'


const env = processAdminEnv

test.describe('the app process', () => {
  // Each test starts a server on a new data directory (initdb, migrations, the seed): over a minute on a CI machine whose cores are full.
  test.describe.configure({ timeout: 180_000 })
  let dataDir: string
  test.beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pub-process-'))
  })
  test.afterEach(() => {
    const pid = postmasterPid(dataDir)
    if (pid && alive(pid)) process.kill(pid, 'SIGINT')
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  test('killed with SIGKILL mid-stream, it keeps every acknowledged booking and committed data, and retries duplicate none', async () => {
    // Bookings come from many addresses at once, as through a load balancer: the per-address limit stays out of it.
    // Hundreds of bookings in minutes: the site's hourly threshold for the challenge (decision 21) is raised, as a script cannot solve.
    const crashEnv = { ...env, TRUST_PROXY: 'true', CHALLENGE_AFTER_SITE: '1000000' }
    const first = await startServer({ dataDir, env: crashEnv })
    let stream: ReturnType<typeof streamBookings> | undefined
    try {
      await saveCocktailsIntro(first, 'Saved before the crash')
      stream = streamBookings(first.url, await openSlots(first.url, 300), { concurrency: 12, run: 'sigkill' })
      await until(() => stream!.acknowledged().length >= 60, 60_000, '60 acknowledged bookings')
    } finally {
      first.child.kill('SIGKILL')
    }
    await stream.stop()
    await first.exited
    const orphan = postmasterPid(dataDir)
    // The crash leaves PostgreSQL running as an orphan with its postmaster.pid; then it is killed too, as when
    // the machine itself goes down, so the next start runs PostgreSQL's crash recovery (WAL replay).
    expect(orphan && alive(orphan)).toBe(true)
    await killPostgres(dataDir)
    expect(clusterState(dataDir)).toBe('in production')
    const acknowledged = stream.acknowledged()
    const unanswered = stream.attempts.filter((a) => a.status === undefined)
    // Before the kill every booking was taken: a 201, or a connection dropped by the kill.
    expect(stream.attempts.filter((a) => a.status !== undefined && a.status !== 201)).toEqual([])
    expect(unanswered.length).toBeGreaterThan(0)

    const second = await startServer({ dataDir, env: crashEnv })
    try {
      expect(postmasterPid(dataDir)).not.toBe(orphan)
      const content = await (await fetch(`${second.url}/api/cocktails-content`)).json()
      expect(content.introText).toBe('Saved before the crash')
      expect((await fetch(`${second.url}/`)).status).toBe(200)

      const databaseUrl = embeddedDatabaseUrl(dataDir)
      const stored = await bookingsInDatabase(databaseUrl, 'sigkill')
      const emailOf = new Map(stored.map((r) => [r.id, r.email]))
      expect(acknowledged.filter((a) => emailOf.get(a.id!) !== a.body.email)).toEqual([])
      expect(duplicatedEmails(stored)).toEqual([])
      const committedUnanswered = unanswered.filter((a) => stored.some((r) => r.email === a.body.email)).length

      // The booking page retries what got no answer with the same key; a retry of an answered one is replayed.
      const ids = new Map(stream.attempts.map((a) => [a.key, a.id]))
      for (let i = 0; i < stream.attempts.length; i += 12) {
        await Promise.all(stream.attempts.slice(i, i + 12).map((a) => send(second.url, a)))
      }
      expect(stream.attempts.filter((a) => a.status !== 201)).toEqual([])
      expect(stream.attempts.filter((a) => ids.get(a.key) !== undefined && a.id !== ids.get(a.key))).toEqual([])
      const after = await bookingsInDatabase(databaseUrl, 'sigkill')
      expect(duplicatedEmails(after)).toEqual([])
      expect(after).toHaveLength(stream.attempts.length)
      console.log(
        `SIGKILL mid-stream: ${stream.attempts.length} sent, ${acknowledged.length} acknowledged (all kept), ` +
          `${unanswered.length} unanswered (${committedUnanswered} of them committed), no duplicate after retrying all`,
      )
    } finally {
      second.child.kill('SIGTERM')
      await second.exited
    }
  })

  test('stops cleanly on SIGTERM, taking its PostgreSQL with it', async () => {
    const server = await startServer({ dataDir, env })
    // With no configuration it starts all the same, and says once that it has no site address (issue 36).
    const siteAddressLines = () => server.output().split('\n').filter((line: string) => line.includes('No site address'))
    await expect.poll(() => siteAddressLines().length).toBe(1)
    expect(siteAddressLines()[0]).toBe(
      'No site address: the links in emails lead to http://localhost:3000. Set PUBLIC_URL (or Settings > Venue Details > Site address) to the address guests use, such as https://www.thewheatsheafinn.co.uk.',
    )
    const pg = postmasterPid(dataDir)
    server.child.kill('SIGTERM')
    expect(pg && alive(pg)).toBe(true)
    const { code } = await server.exited
    expect(code).toBe(0)
    await expect.poll(() => alive(pg!), { timeout: 10_000 }).toBe(false)
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false)

    // A SIGTERM while it is still starting (its PostgreSQL up, the app not yet answering): it finishes starting,
    // then stops cleanly, rather than dying there and leaving its PostgreSQL for the next start to stop.
    const starting = spawnServer({ dataDir, port: await freePort(), env })
    await expect.poll(() => (postmasterPid(dataDir) ?? 0) > 0, { intervals: [5], timeout: 30_000 }).toBe(true)
    const startingPg = postmasterPid(dataDir)!
    starting.child.kill('SIGTERM')
    expect(await starting.exited).toEqual({ code: 0, signal: null })
    await expect.poll(() => alive(startingPg), { timeout: 10_000 }).toBe(false)
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false)
  })

  test('on SIGTERM, finishes a booking already in progress before it stops', async () => {
    const server = await startServer({ dataDir, env })
    // A day that has a free slot, from the app's own availability.
    let slot: { date: string; startTime: string } | undefined
    for (let day = 2; !slot && day < 30; day++) {
      const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10)
      slot = (await (await fetch(`${server.url}/api/availability/slots/${date}`)).json())[0]
    }
    const body = JSON.stringify(guestBooking({ name: 'Late Guest', email: 'late@example.com', phone: '07700 900 123', ...slot }))
    // The request's headers and half its body arrive, then the signal, then the rest.
    const socket = net.connect(server.port, '127.0.0.1')
    let answer = ''
    socket.on('data', (d) => (answer += d))
    const closed = new Promise((resolve) => socket.on('close', resolve))
    socket.write(
      `POST /api/reservations HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 40)}`,
    )
    await new Promise((r) => setTimeout(r, 300))
    server.child.kill('SIGTERM')
    await new Promise((r) => setTimeout(r, 300))
    socket.write(body.slice(40))
    await expect.poll(() => answer, { timeout: 10_000 }).toContain('"name":"Late Guest"')
    socket.end()
    await closed
    expect(answer).toMatch(/^HTTP\/1\.1 201 /)
    expect(answer).toContain('"name":"Late Guest"')
    expect((await server.exited).code).toBe(0)
  })

  test('serves hashed build files as immutable and artwork for a week', async () => {
    // With PUBLIC_URL set, no line about the site address.
    const server = await startServer({ dataDir, env: { ...env, PUBLIC_URL: 'https://www.thewheatsheafinn.co.uk' } })
    try {
      await expect.poll(() => server.output()).toContain('The site is up')
      await new Promise((r) => setTimeout(r, 500))
      expect(server.output()).not.toContain('No site address')
      const html = await (await fetch(`${server.url}/`)).text()
      const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0]
      expect(asset).toBeTruthy()
      const js = await fetch(`${server.url}${asset}`)
      expect(js.status).toBe(200)
      expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      const image = /\/images\/[\w.-]+\.webp/.exec(html)?.[0]
      expect(image).toBeTruthy()
      const art = await fetch(`${server.url}${image}`)
      expect(art.status).toBe(200)
      expect(art.headers.get('cache-control')).toBe('public, max-age=604800')
    } finally {
      server.child.kill('SIGTERM')
      await server.exited
    }
  })

  test('refuses to start on a port another program holds, in one line, and leaves no PostgreSQL running', async () => {
    // A program that holds the port and answers nothing (the health check gets no answer from it).
    const holder = net.createServer((socket) => socket.destroy())
    await new Promise<void>((resolve) => holder.listen(0, resolve))
    const { port } = holder.address() as net.AddressInfo
    try {
      const error: Error = await startServer({ dataDir, port, env, timeoutMs: 60_000 }).catch((e: Error) => e)
      expect(error.message).toContain(`Port ${port} is in use by another program: stop it, or set PORT to a free port.`)
      expect(error.message).not.toContain('EADDRINUSE')
      // Nothing else: no job queue or listener losing its database as the start gives up (logged errors are level 50).
      expect(error.message).not.toContain('"level":50')
      // The embedded PostgreSQL it had started is stopped, not left running for the next start to find.
      const pid = postmasterPid(dataDir)
      expect(pid !== undefined && alive(pid)).toBe(false)
    } finally {
      holder.close()
    }
  })

  test('refuses to start on a bad setting, naming the variable', async () => {
    await expect(startServer({ dataDir, env: { ...env, PORT: 'eighty' }, timeoutMs: 10_000 })).rejects.toThrow(
      /Invalid environment: PORT must be a number/,
    )
  })
})
