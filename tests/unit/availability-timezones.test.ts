import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')
const vitestBin = path.join(root, 'node_modules/vitest/vitest.mjs')

/**
 * The process time zone is fixed when Node starts, so the date rules are run
 * again in child processes started with other zones (DESIGN.md section 2).
 */
describe.each(['UTC', 'America/New_York', 'Pacific/Auckland'])('the availability rules with TZ=%s', (zone) => {
  it('pass with the same London answers', () => {
    const run = spawnSync(
      process.execPath,
      [vitestBin, 'run', 'common/availability.test.ts', '--config', 'tests/unit/vitest.tz.config.ts', '--reporter=verbose'],
      { cwd: root, env: { ...process.env, TZ: zone, NO_COLOR: '1', FORCE_COLOR: '0' }, encoding: 'utf8', timeout: 60_000 },
    )
    const output = `${run.stdout}\n${run.stderr}`
    expect(output).toContain(`with the process in ${zone}`)
    expect(output).toMatch(/Tests\s+\d+ passed/)
    expect(output).not.toMatch(/(?<!\d)\d+ failed/)
    expect(run.status, output).toBe(0)
  }, 60_000)
})
