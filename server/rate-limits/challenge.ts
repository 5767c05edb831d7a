/**
 * The proof-of-work challenge of the public forms (ALTCHA, self-hosted:
 * docs/decisions/0021). A form fetches a challenge from
 * `GET /api/altcha/challenge`, its browser solves it in the background, and
 * the form sends the solution with its post. The server requires a valid,
 * unused solution only once the address has made more than a few booking
 * attempts in the hour, or the whole site more than many: below that, a
 * missing solution costs a guest nothing.
 *
 * The counts are rate_limits rows (attempts.ts), counted in the booking's own
 * transaction: the address's attempts this hour, the site's (spread over a few
 * rows, so that bookings of different dates do not queue on one row lock), and
 * each solution's uses (a second use is a replay).
 */
import crypto from 'node:crypto'
import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import type pg from 'pg'
import { CHALLENGE_MESSAGE } from '#common/reservation-form'
import type { GuestLimits } from '../config'
import { DomainError } from '../domain-errors'
import { plainAddress } from '../http/address'
import { countAttemptsQuery } from './attempts'

/** The window of the hourly counts (and how long a used solution is remembered: longer than a challenge lives). */
export const HOURLY_WINDOW_SECONDS = 3600
/** How long a challenge can be solved and sent: a guest who takes longer gets a fresh one from the form. */
const CHALLENGE_TTL_MS = 30 * 60_000
/** The rows the site's hourly count is spread over (every form adds to one of them). */
const SITE_SHARDS = 8
export const SITE_KEYS = Array.from({ length: SITE_SHARDS }, (_, i) => `form-hour:site:${i}`)

/**
 * The work asked of a browser: PBKDF2-SHA-256 at 100 iterations per try, the
 * answer one of 2,000 to 6,000 tries (WebCrypto in the browser; docs/performance.md
 * has its time on a throttled phone). The server checks an answer with one HMAC,
 * never by redoing the work (the key's own signature, altcha-lib's deterministic mode).
 */
const WORK = { algorithm: 'PBKDF2/SHA-256', cost: 100, counterFrom: 2_000, counterTo: 6_000 }

/** The counters one booking attempt adds to (see challengeCountsQueries). */
export type HourlyKeys = { client: string; solution?: string }

/** What a form sent as its solution: none, one that does not check out, or a valid one and the key it is remembered by. */
export type SolutionCheck = { state: 'none' } | { state: 'invalid' } | { state: 'valid'; key: string }

/** 400 with the code the forms act on: they solve (again) and send once more. */
export class ChallengeRequiredError extends DomainError {
  constructor() {
    super('invalid', CHALLENGE_MESSAGE, undefined, 'challenge_required')
  }
}

/**
 * The hourly keys of an attempt on a form ('booking', 'enquiry') by a client
 * (its address's key, clientKeyOf) with a checked solution. The site's count
 * is one for every form.
 */
export function hourlyKeys(clientKey: string, solution: SolutionCheck, form = 'booking'): HourlyKeys {
  return { client: `${form}-hour:${clientKey}`, solution: solution.state === 'valid' ? `altcha-used:${solution.key}` : undefined }
}

/**
 * Two statements for a transaction's pipeline: count the attempts (each
 * client's key, one of the site's rows once per attempt, each solution's key),
 * then read the site's total over its rows.
 */
export function challengeCountsQueries(attempts: HourlyKeys[], at: Date): pg.QueryConfig[] {
  const site = SITE_KEYS[crypto.randomInt(SITE_SHARDS)]!
  const keys = attempts.flatMap((a) => [a.client, site, ...(a.solution ? [a.solution] : [])])
  return [
    countAttemptsQuery(keys, HOURLY_WINDOW_SECONDS, at),
    {
      name: 'challenge-site-total',
      text: 'select coalesce(sum(hits), 0)::int as hits from rate_limits where key = any($1::text[]) and reset_at > $2',
      values: [SITE_KEYS, at],
    },
  ]
}

/**
 * Each attempt's counts at its own place in the batch, from the rows the two
 * statements returned: an attempt sees the hits before the batch plus those of
 * the batch up to itself (as the attempt limit does), so of two uses of one
 * solution in a batch the second is the replay.
 */
export function challengeCountsFrom(attempts: HourlyKeys[], counted: { key: string; hits: number }[], site: { hits: number }[]) {
  const totals = new Map(counted.map((r) => [r.key, Number(r.hits)]))
  const inBatch = new Map<string, number>()
  for (const a of attempts) for (const key of [a.client, a.solution]) if (key) inBatch.set(key, (inBatch.get(key) ?? 0) + 1)
  const seen = new Map<string, number>()
  const at = (key: string) => {
    const n = (seen.get(key) ?? 0) + 1
    seen.set(key, n)
    return (totals.get(key) ?? 0) - inBatch.get(key)! + n
  }
  const siteTotal = Number(site[0]?.hits ?? 0)
  return attempts.map((a, i) => ({
    client: at(a.client),
    site: siteTotal - attempts.length + i + 1,
    solutionUses: a.solution ? at(a.solution) : 0,
  }))
}

/** Whether an attempt must carry a valid, unused solution, and whether it does: throws ChallengeRequiredError when it must and does not. */
export function checkChallenge(counts: { client: number; site: number; solutionUses: number }, solution: SolutionCheck, limits: GuestLimits) {
  const required = counts.client > limits.challengeAfterPerAddress || counts.site > limits.challengeAfterSite
  if (required && (solution.state !== 'valid' || counts.solutionUses > 1)) throw new ChallengeRequiredError()
}

/** An address as the limits know it, kept as a keyed hash so the table of bookings holds no addresses. */
export function clientKeyOf(secret: string, address: string): string {
  return crypto.createHmac('sha256', secret).update(`client:${addressGroup(address)}`).digest('base64url').slice(0, 22)
}

/**
 * An address as the limits count it: IPv4 whole (also when written as IPv6),
 * IPv6 by its /64 (one home or phone is given a whole /64, so any smaller
 * part of it is free to them).
 */
export function addressGroup(address: string): string {
  const plain = plainAddress(address)
  return plain.includes(':') ? ipv6Prefix(plain) : plain
}

/** The first four groups of an IPv6 address, written out ('2001:db8::1' → '2001:db8:0:0'). */
function ipv6Prefix(address: string): string {
  const [head = '', tail] = address.toLowerCase().split('%')[0]!.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
  return groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')
}

/**
 * Issues challenges and checks solutions, signed with keys made from the
 * session secret. A challenge expires by the real clock, not the app's (which
 * tests set): it times a browser's work, not a booking.
 */
export function createChallenges({ secret }: { secret: string }) {
  const signing = crypto.createHmac('sha256', secret).update('altcha-challenge').digest('hex')
  const keySigning = crypto.createHmac('sha256', secret).update('altcha-key').digest('hex')

  return {
    /** A new challenge for a form to solve (deterministic: its answer is chosen here, and its key signed). */
    issue(): Promise<Challenge> {
      return createChallenge({
        algorithm: WORK.algorithm,
        cost: WORK.cost,
        counter: crypto.randomInt(WORK.counterFrom, WORK.counterTo),
        deriveKey,
        expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
        hmacSignatureSecret: signing,
        hmacKeySignatureSecret: keySigning,
      })
    },

    /** What a form sent (the widget's base64 payload), checked: never throws on what a client sends. */
    async check(payload: string | undefined): Promise<SolutionCheck> {
      if (!payload) return { state: 'none' }
      const sent = decodePayload(payload)
      if (!sent) return { state: 'invalid' }
      // Ours all expire: one without an expiry was not made here.
      if (typeof sent.challenge.parameters.expiresAt !== 'number') return { state: 'invalid' }
      try {
        const result = await verifySolution({
          challenge: sent.challenge,
          solution: sent.solution,
          deriveKey,
          hmacSignatureSecret: signing,
          hmacKeySignatureSecret: keySigning,
        })
        return result.verified && !result.invalidSignature ? { state: 'valid', key: sent.challenge.signature! } : { state: 'invalid' }
      } catch {
        return { state: 'invalid' }
      }
    },
  }
}
export type Challenges = ReturnType<typeof createChallenges>

/** The widget's payload (base64 of `{ challenge: { parameters, signature }, solution }`), or undefined when it is not one. */
function decodePayload(payload: string): { challenge: Challenge & { signature: string }; solution: Solution } | undefined {
  if (payload.length > 4000) return undefined
  try {
    const sent = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'))
    const { challenge, solution } = sent ?? {}
    if (typeof challenge?.signature !== 'string' || typeof challenge?.parameters !== 'object' || challenge.parameters === null) return undefined
    if (!Number.isInteger(solution?.counter) || typeof solution?.derivedKey !== 'string') return undefined
    return { challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } }
  } catch {
    return undefined
  }
}
