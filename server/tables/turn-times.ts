/**
 * Turn times by party size (issue 34): the whole list of rules, read and
 * replaced at once. A save refused for a gap or an overlap
 * (common/tables-schema.ts turnTimeProblems) changes nothing; a save made
 * against a list someone else has replaced since it was read is refused with
 * 409. The list has no row of its own to carry a version, so its version is
 * a digest of the rules themselves: the list you read is, or is not, the list
 * stored. Bookings keep the duration they were made with
 * (reservations.duration_minutes), so a new list never moves one.
 */
import crypto from 'node:crypto'
import { asc, sql } from 'drizzle-orm'
import { turnTimeProblems, type TurnTimeRule, type TurnTimes, type TurnTimesInput } from '#common/tables-schema'
import { audit, type Actor } from '../audit/audit'
import { staleVersion } from '../audit/versions'
import type { DbOrTx } from '../db/client'
import { turnTimes } from '../db/schema'
import type { Deps } from '../deps'
import { ValidationError } from '../domain-errors'
import type { SettingsService } from '../settings/settings-service'

/** Every-day rules first, then Sunday to Saturday, each by party size. */
function inOrder(rules: TurnTimeRule[]): TurnTimeRule[] {
  return [...rules].sort((a, b) => (a.weekday ?? -1) - (b.weekday ?? -1) || a.minParty - b.minParty || a.maxParty - b.maxParty)
}

/** The list's version: a digest of its rules in their order. */
export function turnTimesVersion(rules: TurnTimeRule[]): string {
  const canonical = inOrder(rules).map((r) => [r.minParty, r.maxParty, r.durationMinutes, r.weekday])
  return crypto.createHash('sha256').update(JSON.stringify(canonical)).digest('hex').slice(0, 16)
}

/** '1–2: 90 min, 3–4: 120 min (Fri)'. */
const describe = (rules: TurnTimeRule[]) =>
  rules.length === 0
    ? 'none (every party takes the table time setting)'
    : inOrder(rules)
        .map((r) => `${r.minParty === r.maxParty ? r.minParty : `${r.minParty}–${r.maxParty}`}: ${r.durationMinutes} min${r.weekday === null ? '' : ` (${['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][r.weekday]})`}`)
        .join(', ')

export function createTurnTimes(
  { db, config }: Pick<Deps, 'db' | 'config'>,
  { settings, onChange = () => {} }: { settings: Pick<SettingsService, 'booking'>; onChange?: () => void },
) {
  async function rulesIn(tx: DbOrTx): Promise<TurnTimeRule[]> {
    const rows = await tx.select().from(turnTimes).orderBy(asc(turnTimes.weekday), asc(turnTimes.minParty))
    return inOrder(rows.map((r) => ({ minParty: r.minParty, maxParty: r.maxParty, durationMinutes: r.durationMinutes, weekday: r.weekday })))
  }

  async function answer(rules: TurnTimeRule[]): Promise<TurnTimes> {
    return { rules, version: turnTimesVersion(rules), fallbackMinutes: (await settings.booking()).durationMinutes }
  }

  return {
    async get(): Promise<TurnTimes> {
      return answer(await rulesIn(db))
    },

    /** Replaces the whole list, or refuses it (400 naming the gap or overlap; 409 when it changed since it was read). */
    async replace(actor: Actor, input: TurnTimesInput): Promise<TurnTimes> {
      const problems = turnTimeProblems(input.rules)
      if (problems.length > 0) throw new ValidationError(problems[0]!.message, Object.fromEntries(problems.map((p) => [p.field, p.message])))
      const rules = inOrder(input.rules)
      await db.transaction(async (tx) => {
        // One replacement at a time: the second waits, then finds the version moved.
        await tx.execute(sql`lock table turn_times in share row exclusive mode`)
        const stored = await rulesIn(tx)
        if (turnTimesVersion(stored) !== input.version) {
          throw await staleVersion(tx, { entityType: 'turn_times', entityId: 'all', current: await answer(stored), timeZone: config.venueTimezone })
        }
        await tx.delete(turnTimes)
        if (rules.length > 0) await tx.insert(turnTimes).values(rules)
        await audit(tx, actor, {
          action: 'update',
          entityType: 'turn_times',
          entityId: 'all',
          summary: `set the turn times: ${describe(rules)}`.slice(0, 500),
          before: { rules: stored },
          after: { rules },
        })
      })
      onChange()
      return answer(rules)
    },
  }
}
export type TurnTimesService = ReturnType<typeof createTurnTimes>
