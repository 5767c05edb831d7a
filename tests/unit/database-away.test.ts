import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')

/** Node, in a process of its own, with the app's handler of unhandled rejections, after which `rejection` is left unhandled. */
function leaveUnhandled(rejection: string) {
  const script = `
    import { survivesTheDatabaseAway } from './server/db/unavailable.ts'
    survivesTheDatabaseAway({ warn: (fields, message) => console.log('warned:', message, fields.err.code ?? fields.err.message) })
    ${rejection}
    setTimeout(() => console.log('still running'), 100)
  `
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8', timeout: 20_000 })
  return { code: run.status, out: run.stdout, err: run.stderr }
}

it("carries on after a rejection nobody handled that says the database is away (graphile-worker's cron leaves such)", () => {
  const { code, out } = leaveUnhandled(`Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })).finally(() => {})`)
  expect(out).toContain('warned: A call to the database failed while it was away, and nothing was waiting for it: carrying on ECONNREFUSED')
  expect(out).toContain('still running')
  expect(code).toBe(0)
})

it('still ends the process on any other unhandled rejection, as Node does', () => {
  const { code, out, err } = leaveUnhandled(`Promise.reject(new TypeError('a bug'))`)
  expect(out).not.toContain('still running')
  expect(err).toContain('TypeError: a bug')
  expect(code).toBe(1)
})
