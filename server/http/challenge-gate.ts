import type { RequestHandler } from 'express'
import type { GuestLimits } from '../config'
import type { Db } from '../db/client'
import type { Clock } from '../deps'
import { sendTogether } from '../db/pipeline'
import { challengeCountsFrom, challengeCountsQueries, checkChallenge, clientKeyOf, hourlyKeys, type Challenges } from '../rate-limits/challenge'

/**
 * The proof-of-work challenge (docs/decisions/0021) as middleware, for a
 * public form other than the booking (whose transaction counts it itself):
 * counts the attempt in the form's hourly counters and, once the address or
 * the site is past its threshold, requires a valid, unused solution in the
 * body's `altcha` field (400 'challenge_required' otherwise, which the form's
 * `useChallenge` answers by solving and sending again). The event enquiry
 * uses it; a new public form adds it to its route the same way.
 */
export function requireChallenge(o: { db: Db; clock: Clock; secret: string; limits: GuestLimits; challenges: Challenges; form: string }): RequestHandler {
  return async (req, _res, next) => {
    const sent = (req.body as { altcha?: unknown } | undefined)?.altcha
    const solution = await o.challenges.check(typeof sent === 'string' ? sent : undefined)
    const keys = hourlyKeys(clientKeyOf(o.secret, req.ip ?? 'unknown'), solution, o.form)
    const client = await o.db.$client.connect()
    try {
      const [counted, site] = await sendTogether(client, challengeCountsQueries([keys], o.clock.now()))
      checkChallenge(challengeCountsFrom([keys], counted!.rows, site!.rows)[0]!, solution, o.limits)
    } finally {
      client.release()
    }
    next()
  }
}
