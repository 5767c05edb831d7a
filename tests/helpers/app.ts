import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pino } from 'pino'
import request from 'supertest'
import { createApp } from '../../server/app'
import { createUserService } from '../../server/auth/users'
import { loadConfig, type Config } from '../../server/config'
import { createDb, type Db } from '../../server/db/client'
import { seedDemoPlan } from '../../server/db/demo-plan'
import { seed } from '../../server/db/seed'
import type { Clock, Deps } from '../../server/deps'
import type { Role } from '#common/permissions'
import { afterFile } from './after-file'
import { createTestDatabase } from './db'

/** A clock tests can set and move. */
export class TestClock implements Clock {
  constructor(private current: Date) {}
  now = () => new Date(this.current)
  set(iso: string | Date) {
    this.current = new Date(iso)
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms)
  }
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>

/**
 * The app on its own database with a fixed clock. Call at the top of a test
 * file (inside beforeAll); the database is dropped after the file.
 */
export async function createTestApp(
  options: {
    now?: string
    seed?: boolean
    /** Draws the demo floor plan (server/db/demo-plan.ts): the engine then books tables, not covers. */
    demoPlan?: boolean
    env?: Record<string, string>
    configure?: (c: Config) => Config
  } = {},
) {
  const database = await createTestDatabase()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pub-test-data-'))
  let config = loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-42',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...options.env,
  })
  if (options.configure) config = options.configure(config)
  const clock = new TestClock(new Date(options.now ?? '2026-11-21T12:00:00Z'))
  const deps: Deps = { db: database.db, config, clock, logger: pino({ level: 'silent' }) }
  if (options.seed !== false) await seed(database.db, { now: clock.now(), timeZone: config.venueTimezone })
  if (options.demoPlan) await seedDemoPlan(database.db)
  const { app, services } = createApp(deps)
  afterFile(async () => {
    await database.drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })
  return { app, services, db: database.db as Db, url: database.url, clock, config, deps, dataDir }
}

/**
 * A second app instance on the same database, as a second machine behind a load
 * balancer would be: its own connection pool, its own in-process queues.
 */
export function secondInstance(t: TestApp) {
  const db = createDb(t.url, { max: 20 })
  afterFile(() => db.$client.end())
  return createApp({ ...t.deps, db })
}

export const STAFF = { username: 'staff', password: 'correct-horse-battery' }

/** A supertest agent signed in as an owner, who may do everything (created on first use). */
export async function signedInAgent(t: { app: TestApp['app']; db: Db }) {
  const users = createUserService(t.db)
  if (!(await users.authenticate(STAFF.username, STAFF.password))) await users.create(STAFF.username, STAFF.password, { role: 'owner' })
  // A browser says where its requests come from; the same-origin check refuses cookie-bearing ones that do not.
  const agent = request.agent(t.app).set('Sec-Fetch-Site', 'same-origin')
  await agent.post('/api/login').send(STAFF).expect(200)
  return agent
}

/** A supertest agent signed in as a new account of `role` (one account per role and username). */
export async function signedInAs(t: { app: TestApp['app']; db: Db }, role: Role, username = `${role}-member`) {
  const users = createUserService(t.db)
  const password = `${username}-password-42`
  if (!(await users.byUsername(username))) await users.create(username, password, { role })
  const agent = request.agent(t.app).set('Sec-Fetch-Site', 'same-origin')
  await agent.post('/api/login').send({ username, password }).expect(200)
  return agent
}
