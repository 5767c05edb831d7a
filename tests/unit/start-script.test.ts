// `npm start` (scripts/start.mjs) beside a program that holds its port: it stops before building, so a second
// `npm start` next to a running app does not replace the build that app's pages are served from.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')

it('npm start on a port another program holds says so in one line, before building anything', async () => {
  const holder = net.createServer((socket) => socket.destroy())
  await new Promise<void>((resolve) => holder.listen(0, resolve))
  const { port } = holder.address() as net.AddressInfo
  const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pub-start-build-'))
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pub-start-data-'))
  try {
    const run = promisify(execFile)(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      env: { ...process.env, PORT: String(port), BUILD_DIR: buildDir, DATA_DIR: dataDir, SESSION_SECRET: '' },
      timeout: 20_000,
    })
    const failure = (await run.then(() => undefined, (error: unknown) => error)) as { code?: number; stderr?: string } | undefined
    expect(failure?.code).toBe(1)
    expect(failure?.stderr?.trim()).toBe(`Port ${port} is in use by another program: stop it, or set PORT to a free port.`)
    // Nothing built, nothing written to the data directory.
    expect(fs.readdirSync(buildDir)).toEqual([])
    expect(fs.readdirSync(dataDir)).toEqual([])
  } finally {
    holder.close()
    fs.rmSync(buildDir, { recursive: true, force: true })
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}, 30_000)
