/**
 * No lost updates (issue 33): an admin edit names the `version` it was read
 * at, the UPDATE matches it (`where id = $1 and version = $2`), and when it
 * matches nothing because someone saved in between, the service throws
 * StaleVersionError: 409 with 'This booking was changed by sam at 19:42
 * while you were editing.' and the record as it is now, for the conflict
 * dialog. Who and when come from the record's latest audit row. The
 * database raises the version on every change (the bump_version() triggers of migrations 0009-0011).
 */
import { sql } from 'drizzle-orm'
import type pg from 'pg'
import { conflictMessage } from '#common/conflicts'
import { zonedParts, minutesToTime } from '#common/time'
import type { DbOrTx } from '../db/client'
import { ConflictError } from '../http/errors'

export class StaleVersionError extends ConflictError {
  constructor(
    message: string,
    /** The record as it is now, in the shape the API answers it. */
    readonly current: unknown,
  ) {
    super(message, 'stale_version')
  }
}

type LastChange = { username: string; role: string; at: Date }

/** The 409 for a save made against an older version of a record: who changed it last, and when (venue time). */
export async function staleVersion(
  tx: DbOrTx | Pick<pg.ClientBase, 'query'>,
  target: {
    entityType: string
    entityId: string | number
    current: unknown
    timeZone: string
    changedAt?: Date | null
    /** Records saved several to a row (a card of settings): a row whose `after` names the record counts too. */
    field?: boolean
  },
): Promise<StaleVersionError> {
  const values = [target.entityType, String(target.entityId)]
  const orField = target.field ? ' or after ? $2' : ''
  const text = `select username, role, at from audit_log where entity_type = $1 and (entity_id = $2${orField}) order by id desc limit 1`
  const last: LastChange | undefined =
    'execute' in tx
      ? ((
          await tx.execute(
            sql`select username, role, at from audit_log where entity_type = ${values[0]}
              and (entity_id = ${values[1]}${target.field ? sql` or after ? ${values[1]}` : sql``}) order by id desc limit 1`,
          )
        ).rows[0] as LastChange | undefined)
      : (await tx.query<LastChange>(text, values)).rows[0]
  const by = !last ? null : last.role === 'guest' ? 'the guest' : last.role === 'system' ? null : last.username
  const at = last ? new Date(last.at) : (target.changedAt ?? new Date())
  const time = minutesToTime(zonedParts(at, target.timeZone).minutes)
  return new StaleVersionError(conflictMessage(target.entityType, by, time), target.current)
}
