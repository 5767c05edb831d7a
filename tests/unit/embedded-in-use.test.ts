// The embedded PostgreSQL of a data directory another process runs on: a second start leaves it alone, a
// command-line script uses it, and only an orphan (its app killed) is stopped. `npm run db:seed` beside a
// running app once stopped the app's database, and the site answered 503 until it was restarted.
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DataDirInUse, embeddedUrl, runningEmbeddedServer, startEmbeddedPostgres } from '../../server/db/embedded'
import { until } from '../helpers/booking-stream'

const root = path.resolve(import.meta.dirname, '../..')

async function query(dataDir: string, database: string, text: string) {
  const client = new pg.Client({ connectionString: embeddedUrl(dataDir, runningEmbeddedServer(dataDir)!.port, database) })
  await client.connect()
  try {
    return (await client.query(text)).rows
  } finally {
    await client.end()
  }
}

describe('an embedded database another process runs on', () => {
  let dataDir: string
  let holder: ChildProcess
  let postmaster: number

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pub-in-use-'))
    holder = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/hold-embedded.ts', dataDir], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] })
    await new Promise<void>((resolve, reject) => {
      holder.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve())
      holder.on('exit', (code) => reject(new Error(`the holder exited (${code})`)))
    })
    postmaster = runningEmbeddedServer(dataDir)!.pid
  }, 60_000)

  afterAll(async () => {
    holder.kill('SIGKILL')
    const running = runningEmbeddedServer(dataDir)
    if (running) process.kill(running.pid, 'SIGINT')
    await until(() => !runningEmbeddedServer(dataDir), 20_000, 'the test servers to stop')
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('names the process it belongs to', () => {
    expect(runningEmbeddedServer(dataDir)).toEqual({ pid: postmaster, port: expect.any(Number), owner: holder.pid })
  })

  it('a second start on the data directory fails, naming that process, and leaves its server running', async () => {
    const started = startEmbeddedPostgres({ dataDir })
    await expect(started).rejects.toThrow(DataDirInUse)
    await expect(started).rejects.toThrow(`(pid ${holder.pid})`)
    expect(runningEmbeddedServer(dataDir)?.pid).toBe(postmaster)
    expect(await query(dataDir, 'postgres', 'select 1 as one')).toEqual([{ one: 1 }])
  })

  it('a command-line script works in the running server and leaves it running', async () => {
    const run = promisify(execFile)(path.join(root, 'node_modules/.bin/tsx'), ['scripts/users.ts', 'create', 'in-use-owner', '--role', 'owner'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' },
    })
    run.child.stdin!.end('a-long-pass-phrase-7Q\n')
    const { stderr } = await run
    expect(stderr).toContain(`Using the database of the app running on ${dataDir} (pid ${holder.pid}), left running.`)
    expect(runningEmbeddedServer(dataDir)?.pid).toBe(postmaster)
    expect(await query(dataDir, 'pub', `select username, role from users where username = 'in-use-owner'`)).toEqual([{ username: 'in-use-owner', role: 'owner' }])
  }, 60_000)

  it('an orphan, whose process was killed, is stopped by the next start', async () => {
    holder.kill('SIGKILL')
    await until(() => runningEmbeddedServer(dataDir)?.owner === undefined, 10_000, 'the server to be orphaned')
    expect(runningEmbeddedServer(dataDir)?.pid).toBe(postmaster)
    const next = await startEmbeddedPostgres({ dataDir })
    try {
      const running = runningEmbeddedServer(dataDir)!
      expect(running.pid).not.toBe(postmaster)
      expect(running.owner).toBe(process.pid)
      expect(await query(dataDir, 'pub', `select count(*)::int as n from users where username = 'in-use-owner'`)).toEqual([{ n: 1 }])
    } finally {
      await next.stop()
    }
  }, 60_000)
})
