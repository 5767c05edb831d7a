import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config'

const made: string[] = []
const tmp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pub-config-'))
  made.push(dir)
  return dir
}
afterAll(() => made.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })))

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const dir = tmp()
    const c = loadConfig({ DATA_DIR: dir })
    expect(c).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      venueTimezone: 'Europe/London',
      nodeEnv: 'development',
      trustProxy: false,
      publicUrl: undefined,
      logLevel: 'info',
      demoPlan: true,
    })
    expect(loadConfig({ DATA_DIR: dir, DEMO_PLAN: 'false' }).demoPlan).toBe(false)
    expect(() => loadConfig({ DATA_DIR: dir, DEMO_PLAN: 'no' })).toThrow(/^Invalid environment: DEMO_PLAN must be true or false$/)
  })

  it('takes PUBLIC_URL as the site address when it is a web address', () => {
    expect(loadConfig({ DATA_DIR: tmp(), PUBLIC_URL: 'https://www.thewheatsheafinn.co.uk' }).publicUrl).toBe('https://www.thewheatsheafinn.co.uk')
  })

  it.each([
    [{ PORT: 'eighty' }, /^Invalid environment: PORT must be a number$/],
    [{ PORT: '70000' }, /^Invalid environment: PORT must be between 0 and 65535$/],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid environment: DATABASE_URL must be a postgres/],
    [{ VENUE_TIMEZONE: 'Mars/Olympus' }, /^Invalid environment: VENUE_TIMEZONE must be an IANA time zone/],
    [{ SMTP_URL: 'http://mail' }, /^Invalid environment: SMTP_URL must be an smtp/],
    [{ SESSION_SECRET: 'short' }, /^Invalid environment: SESSION_SECRET must be at least 32 characters long$/],
    [{ NODE_ENV: 'staging' }, /^Invalid environment: NODE_ENV must be development, production or test$/],
    [{ META_PIXEL_ID: 'abc' }, /^Invalid environment: META_PIXEL_ID must be the numeric pixel id$/],
    [{ PUBLIC_URL: 'www.thewheatsheafinn.co.uk' }, /^Invalid environment: PUBLIC_URL must be the web address guests use/],
  ])('stops on a bad value with one line naming the variable: %o', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: tmp(), ...env })).toThrow(message)
  })

  it('requires SESSION_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tmp() })).toThrow(
      'Invalid environment: SESSION_SECRET is required in production',
    )
  })

  it('refuses the test clock in production unless the process is the browser tests\' server', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), TEST_CLOCK_HEADER: 'true' }
    expect(() => loadConfig({ DATA_DIR: tmp(), ...production })).toThrow(
      /^Invalid environment: TEST_CLOCK_HEADER must not be true in production \(any request could set the clock\); only the browser tests' server may, with E2E_TEST_SERVER=true$/,
    )
    expect(loadConfig({ DATA_DIR: tmp(), ...production, E2E_TEST_SERVER: 'true' }).testClockHeader).toBe(true)
    // Outside production (the API tests, development) the header is a plain switch.
    expect(loadConfig({ DATA_DIR: tmp(), TEST_CLOCK_HEADER: 'true' }).testClockHeader).toBe(true)
  })

  it('generates a development secret once and keeps it in DATA_DIR', () => {
    const dir = tmp()
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret
    const second = loadConfig({ DATA_DIR: dir }).sessionSecret
    expect(first).toHaveLength(64)
    expect(second).toBe(first)
    expect(fs.statSync(path.join(dir, 'session-secret')).mode & 0o077).toBe(0)
  })

  it('reads TRUST_PROXY as a boolean, hop count or list', () => {
    expect(loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: 'true' }).trustProxy).toBe(true)
    expect(loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: 'loopback' }).trustProxy).toBe('loopback')
  })
})
