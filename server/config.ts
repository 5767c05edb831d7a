import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { PASSWORD_MIN_LENGTH } from '#common/staff-schema'

/** The validated environment. Nothing else in the code base reads `process.env`. */
export type Config = {
  port: number
  databaseUrl: string | undefined
  dataDir: string
  sessionSecret: string
  venueTimezone: string
  smtpUrl: string | undefined
  /** The From of every message; the venue's name and email address when unset. */
  mailFrom: string | undefined
  metaPixelId: string | undefined
  adminUsername: string | undefined
  adminPassword: string | undefined
  trustProxy: string | number | boolean
  /** Draw the demo floor plan on the first run of a new install (DEMO_PLAN, default true; decision 0022). */
  demoPlan: boolean
  /** PUBLIC_URL: the site's public address, over the Site address setting (links in emails, the sitemap). */
  publicUrl: string | undefined
  /** The limits a stranger meets on the public booking form (docs/decisions/0021). */
  guestLimits: GuestLimits
  /** Pages rendered for one request alone, per address and for the whole instance (server/http/render-limit.ts, docs/decisions/0046). */
  pageRenderLimit: { perAddress: RenderLimit; site: RenderLimit }
  /** Browser tests only: honour the X-Test-Now header (see testClockFromHeader). */
  testClockHeader: boolean
  nodeEnv: 'development' | 'production' | 'test'
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
  isProduction: boolean
}

/**
 * The limits of docs/decisions/0021: active bookings from the public form per
 * email and per phone (`perGuest`) and per address (`perAddress`) on one date;
 * booking attempts an hour from one address (`challengeAfterPerAddress`) or the
 * whole site (`challengeAfterSite`) after which a proof-of-work solution is
 * required (0: always).
 */
export type GuestLimits = { perGuest: number; perAddress: number; challengeAfterPerAddress: number; challengeAfterSite: number }

/** Renders allowed `burst` at once, then `perSecond` (PAGE_RENDER_BURST, PAGE_RENDERS_PER_SECOND for an address; SITE_… for the instance). */
export type RenderLimit = { burst: number; perSecond: number }

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value)
const count = (fallback: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more').default(fallback))
const atLeastOne = (fallback: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be 1 or more').default(fallback))
const optionalString = z.preprocess(emptyToUndefined, z.string().optional())

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: tz })
    return true
  } catch {
    return false
  }
}

const EnvSchema = z.object({
  PORT: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be between 0 and 65535')
      .max(65535, 'must be between 0 and 65535')
      .default(3000),
  ),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  SESSION_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'must be at least 32 characters long').optional(),
  ),
  VENUE_TIMEZONE: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('Europe/London')
      .refine(isTimeZone, 'must be an IANA time zone such as Europe/London'),
  ),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().max(300).optional()),
  META_PIXEL_ID: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d{5,20}$/, 'must be the numeric pixel id')
      .optional(),
  ),
  ADMIN_USERNAME: optionalString,
  ADMIN_PASSWORD: z.preprocess(
    emptyToUndefined,
    z.string().min(8, 'must be at least 8 characters long').optional(),
  ),
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().default('false')),
  DEMO_PLAN: z.preprocess(emptyToUndefined, z.enum(['true', 'false'], { message: 'must be true or false' }).default('true')),
  PUBLIC_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^https?:\/\/[^\s/?#]+(\/\S*)?$/i, 'must be the web address guests use, such as https://www.thewheatsheafinn.co.uk')
      .optional(),
  ),
  BOOKINGS_PER_GUEST_PER_DATE: atLeastOne(3),
  BOOKINGS_PER_ADDRESS_PER_DATE: atLeastOne(5),
  CHALLENGE_AFTER_PER_ADDRESS: count(5),
  CHALLENGE_AFTER_SITE: count(200),
  PAGE_RENDER_BURST: atLeastOne(100),
  PAGE_RENDERS_PER_SECOND: atLeastOne(5),
  SITE_PAGE_RENDER_BURST: atLeastOne(200),
  SITE_PAGE_RENDERS_PER_SECOND: atLeastOne(40),
  TEST_CLOCK_HEADER: z.preprocess(emptyToUndefined, z.enum(['true', 'false'], { message: 'must be true or false' }).default('false')),
  E2E_TEST_SERVER: z.preprocess(emptyToUndefined, z.enum(['true', 'false'], { message: 'must be true or false' }).default('false')),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        message: 'must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
  ),
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z
      .enum(['development', 'production', 'test'], {
        message: 'must be development, production or test',
      })
      .default('development'),
  ),
})

export class ConfigError extends Error {}

function parseTrustProxy(value: string): string | number | boolean {
  if (value === 'true') return true
  if (value === 'false') return false
  if (/^\d+$/.test(value)) return Number(value)
  return value
}

/**
 * Reads and validates the environment. A bad value throws a ConfigError whose
 * message is one line naming the variable and what is wrong with it.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new ConfigError(`Invalid environment: ${issue.path.join('.')} ${issue.message}`)
  }
  const e = parsed.data
  if (e.ADMIN_PASSWORD && !e.ADMIN_USERNAME) {
    throw new ConfigError('Invalid environment: ADMIN_USERNAME must be set when ADMIN_PASSWORD is')
  }
  if (e.ADMIN_PASSWORD && e.ADMIN_PASSWORD.length < PASSWORD_MIN_LENGTH) {
    throw new ConfigError(`Invalid environment: ADMIN_PASSWORD must be at least ${PASSWORD_MIN_LENGTH} characters`)
  }
  const isProduction = e.NODE_ENV === 'production'
  // Any request could set the clock: a booking taken "yesterday", a reminder sent now. Only the browser
  // tests' throwaway server runs the production build with it, and says so.
  if (isProduction && e.TEST_CLOCK_HEADER === 'true' && e.E2E_TEST_SERVER !== 'true') {
    throw new ConfigError(
      'Invalid environment: TEST_CLOCK_HEADER must not be true in production (any request could set the clock); only the browser tests\' server may, with E2E_TEST_SERVER=true',
    )
  }
  const dataDir = path.resolve(e.DATA_DIR)
  let sessionSecret = e.SESSION_SECRET
  if (!sessionSecret) {
    if (isProduction) {
      throw new ConfigError('Invalid environment: SESSION_SECRET is required in production')
    }
    sessionSecret = readOrCreateSecret(dataDir)
  }
  return {
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    sessionSecret,
    venueTimezone: e.VENUE_TIMEZONE,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    metaPixelId: e.META_PIXEL_ID,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    demoPlan: e.DEMO_PLAN === 'true',
    publicUrl: e.PUBLIC_URL,
    guestLimits: {
      perGuest: e.BOOKINGS_PER_GUEST_PER_DATE,
      perAddress: e.BOOKINGS_PER_ADDRESS_PER_DATE,
      challengeAfterPerAddress: e.CHALLENGE_AFTER_PER_ADDRESS,
      challengeAfterSite: e.CHALLENGE_AFTER_SITE,
    },
    pageRenderLimit: {
      perAddress: { burst: e.PAGE_RENDER_BURST, perSecond: e.PAGE_RENDERS_PER_SECOND },
      site: { burst: e.SITE_PAGE_RENDER_BURST, perSecond: e.SITE_PAGE_RENDERS_PER_SECOND },
    },
    testClockHeader: e.TEST_CLOCK_HEADER === 'true',
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    isProduction,
  }
}

/** Outside production a random secret is generated once and kept in DATA_DIR. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret')
  try {
    return fs.readFileSync(file, 'utf8').trim()
  } catch {
    fs.mkdirSync(dataDir, { recursive: true })
    const secret = crypto.randomBytes(32).toString('hex')
    fs.writeFileSync(file, secret, { mode: 0o600 })
    return secret
  }
}

/** loadConfig for a process entry: a bad setting prints its one-line message and exits 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
}
