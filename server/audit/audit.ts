/**
 * The audit writer (DESIGN.md section 9): one row per change, written by the
 * change's own transaction, so a change that rolls back leaves no row and a
 * row never names a change that did not happen.
 *
 *   await db.transaction(async (tx) => {
 *     const [after] = await tx.update(events).set(input).where(eq(events.id, id)).returning()
 *     await audit(tx, actor, { action: 'update', entityType: 'event', entityId: id,
 *       summary: `changed the event ${after.title}`, ...changedFields(before, after) })
 *   })
 *
 * The actor comes from the request (`actorOf(req)`, server/auth/guard.ts) and
 * is passed down to the service; a guest's change through the manage link is
 * `GUEST`'s, a scheduled job's `SYSTEM`'s. `before`/`after` hold the changed
 * fields only (changedFields). The table is append-only: see migration 0007.
 */
import { sql } from 'drizzle-orm'
import type pg from 'pg'
import type { Role } from '#common/permissions'
import type { DbOrTx } from '../db/client'
import { plainAddress } from '../http/address'

/** Who made a change: a member of staff, a guest through their manage link, or the app's scheduled jobs. */
export type Actor = {
  userId: number | null
  username: string
  role: Role | 'guest' | 'system'
  /** The request's address (behind TRUST_PROXY, the client's). */
  address: string | null
}

export const SYSTEM: Actor = { userId: null, username: 'system', role: 'system', address: null }
/** A change made from the server's command line (`npm run users`, `npm run tables`). */
export const COMMAND_LINE: Actor = { userId: null, username: 'command line', role: 'system', address: null }
/** A guest changing their own booking with the signed link from their email. */
export const guestActor = (address: string | null | undefined): Actor => ({ userId: null, username: 'guest', role: 'guest', address: address ?? null })

export type AuditEntry = {
  /** What was done, one word: create, update, delete, status, login, login_failed, logout, export, erase... */
  action: string
  /** What it was done to: reservation, event, user, setting... */
  entityType: string
  entityId?: string | number | null
  /** One line for people, after the actor's name: 'cancelled the booking of J. Smith, 8 guests, 19:30'. */
  summary: string
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
}

function row(actor: Actor, entry: AuditEntry) {
  return [
    actor.userId,
    actor.username,
    actor.role,
    entry.action,
    entry.entityType,
    entry.entityId == null ? null : String(entry.entityId),
    entry.summary.slice(0, 500),
    entry.before ? JSON.stringify(entry.before) : null,
    entry.after ? JSON.stringify(entry.after) : null,
    actor.address && plainAddress(actor.address),
  ] as const
}

/** The INSERT of one audit row, as a plain node-postgres query, for code that sends its own statements. */
export function auditQuery(actor: Actor, entry: AuditEntry): pg.QueryConfig {
  return {
    name: 'audit-insert',
    text: `insert into audit_log (user_id, username, role, action, entity_type, entity_id, summary, before, after, address)
      values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10)`,
    values: [...row(actor, entry)],
  }
}

/** Writes one audit row inside `tx`: a Drizzle transaction (or db), or a node-postgres client inside a transaction. */
export async function audit(tx: DbOrTx | Pick<pg.ClientBase, 'query'>, actor: Actor, entry: AuditEntry): Promise<void> {
  if (!('execute' in tx)) {
    await tx.query(auditQuery(actor, entry))
    return
  }
  const [userId, username, role, action, entityType, entityId, summary, before, after, address] = row(actor, entry)
  await tx.execute(sql`insert into audit_log (user_id, username, role, action, entity_type, entity_id, summary, before, after, address)
    values (${userId}, ${username}, ${role}, ${action}, ${entityType}, ${entityId}, ${summary}, ${before}::jsonb, ${after}::jsonb, ${address})`)
}

/** Values as the audit log keeps them: dates as ISO strings, undefined left out. */
function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString()
  return value
}

const same = (a: unknown, b: unknown) => JSON.stringify(plain(a)) === JSON.stringify(plain(b))

/** Fields never worth a line: bookkeeping the database keeps. */
const IGNORED = new Set(['updatedAt', 'createdAt', 'version', 'password', 'totpSecret'])

/**
 * The fields that differ between two versions of a record, as `{ before, after }`
 * with only those fields; a created record has no `before`, a deleted one no `after`.
 */
export function changedFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
  ignore: readonly string[] = [],
): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } {
  const skip = (key: string) => IGNORED.has(key) || ignore.includes(key)
  if (!before || !after) {
    const pick = (row: Record<string, unknown> | null | undefined) =>
      row ? Object.fromEntries(Object.entries(row).filter(([k, v]) => !skip(k) && v !== undefined).map(([k, v]) => [k, plain(v)])) : null
    return { before: pick(before), after: pick(after) }
  }
  const b: Record<string, unknown> = {}
  const a: Record<string, unknown> = {}
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (skip(key) || same(before[key], after[key])) continue
    b[key] = plain(before[key])
    a[key] = plain(after[key])
  }
  return { before: b, after: a }
}
