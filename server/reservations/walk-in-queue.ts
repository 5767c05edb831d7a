/**
 * The walk-in queue (docs/decisions/0053): a party at the door when no table
 * is free, waiting at the bar for today. Staff add them with the wait they
 * quoted, change their party or quote, mark them gone or back; Walk-in seats
 * them (walk-ins.ts, `queueEntryId`), marking the entry in the booking's own
 * transaction through `takeQueueEntry`. Each change writes its audit row in
 * its transaction; the table's trigger tells every staff screen (kind 'queue').
 */
import type pg from 'pg'
import type { BookedTable } from '#common/admin-reservations-schema'
import { guestsText } from '#common/reservation-form'
import { formatLongDate, minutesText, minutesToTime, zonedParts } from '#common/time'
import { QUEUE_MESSAGES as M, queuePartyText, type QueueDay, type QueueEntry, type QueueJoinInput, type QueueUpdateInput } from '#common/walk-in-queue-schema'
import { audit, type Actor } from '../audit/audit'
import { staleVersion } from '../audit/versions'
import { inTransaction } from '../db/transaction'
import type { Deps } from '../deps'
import { ConflictError, NotFoundError } from '../domain-errors'

type Row = {
  id: number
  date: string
  name: string
  phone: string
  party_size: number
  quoted_minutes: number | null
  notes: string
  status: QueueEntry['status']
  reservation_id: number | null
  done_at: Date | null
  version: number
  created_at: Date
}

const COLUMNS = 'id, date, name, phone, party_size, quoted_minutes, notes, status, reservation_id, done_at, version, created_at'

/** The table free now for each waiting party's whole stay, given their sizes in the order they joined (walk-ins.ts `freeNow`). */
export type FreeNow = (partySizes: readonly number[]) => Promise<(BookedTable[] | null)[]>

function toEntry(r: Row, timeZone: string, freeNow: BookedTable[] | null): QueueEntry {
  return {
    id: r.id,
    name: r.name,
    phone: r.phone,
    partySize: r.party_size,
    quotedMinutes: r.quoted_minutes,
    notes: r.notes,
    status: r.status,
    joinedTime: minutesToTime(zonedParts(r.created_at, timeZone).minutes),
    joinedAt: r.created_at.toISOString(),
    doneTime: r.done_at ? minutesToTime(zonedParts(r.done_at, timeZone).minutes) : null,
    reservationId: r.reservation_id,
    version: r.version,
    freeNow,
  }
}

/** 'Sam (4 guests)': how the audit log names a party in the queue. */
const who = (r: Pick<Row, 'name' | 'party_size'>) => `${r.name} (${guestsText(r.party_size)})`

/** The entry, locked for the change; 404 when there is none. */
async function lockEntry(client: Pick<pg.ClientBase, 'query'>, id: number): Promise<Row> {
  const { rows } = await client.query<Row>(`select ${COLUMNS} from walk_in_queue where id = $1 for update`, [id])
  if (!rows[0]) throw new NotFoundError(M.notFound)
  return rows[0]
}

/** Why an entry cannot be seated or changed as waiting: it was seated, or it left, or it was another day's. */
function notWaitingError(r: Row, timeZone: string): ConflictError {
  const at = r.done_at ? minutesToTime(zonedParts(r.done_at, timeZone).minutes) : ''
  const why =
    r.status === 'seated' ? `they were seated at ${at}` : r.status === 'left' ? `they were marked as gone at ${at}` : `they were in the queue on ${formatLongDate(r.date)}, not today. Add them again`
  return new ConflictError(`${queuePartyText({ name: r.name, partySize: r.party_size })} are no longer waiting: ${why}.`, 'queue_not_waiting')
}

/**
 * Seating from the queue, inside the walk-in's transaction (under the date's
 * lock): the entry must be today's and still waiting; it becomes `seated` as
 * the booking `reservationId`, with the party size it was seated with. Its audit row goes in the same transaction.
 */
export async function takeQueueEntry(
  client: Pick<pg.ClientBase, 'query'>,
  entryId: number,
  seat: { today: string; at: Date; timeZone: string; actor: Actor },
): Promise<{ entry: Pick<Row, 'name' | 'phone'>; mark: (reservationId: number, partySize: number, atTables: string) => Promise<void> }> {
  const row = await lockEntry(client, entryId)
  if (row.status !== 'waiting' || row.date !== seat.today) throw notWaitingError(row, seat.timeZone)
  return {
    entry: row,
    mark: async (reservationId, partySize, atTables) => {
      await client.query(`update walk_in_queue set status = 'seated', reservation_id = $2, party_size = $3, done_at = $4, updated_at = $4 where id = $1`, [
        entryId,
        reservationId,
        partySize,
        seat.at,
      ])
      await audit(client, seat.actor, {
        action: 'update',
        entityType: 'walk_in_queue',
        entityId: entryId,
        summary: `seated ${who({ name: row.name, party_size: partySize })} from the walk-in queue${atTables}`,
        before: { status: 'waiting' },
        after: { status: 'seated', reservationId },
      })
    },
  }
}

export function createWalkInQueue({ db, clock, config }: Pick<Deps, 'db' | 'clock' | 'config'>, { freeNow }: { freeNow: FreeNow }) {
  const timeZone = config.venueTimezone
  const today = () => zonedParts(clock.now(), timeZone).date

  /** A date's entries, in the order they joined. */
  const entriesOf = async (date: string) =>
    (await db.$client.query<Row>(`select ${COLUMNS} from walk_in_queue where date = $1 order by created_at, id`, [date])).rows

  /** The table free now for each waiting entry, by id (first come first); none for the rest. */
  async function freeNowFor(rows: Row[]): Promise<Map<number, BookedTable[]>> {
    const waiting = rows.filter((r) => r.status === 'waiting')
    const free = waiting.length ? await freeNow(waiting.map((r) => r.party_size)) : []
    return new Map(waiting.flatMap((r, i) => (free[i] ? [[r.id, free[i]] as const] : [])))
  }

  /** One change on the locked entry, in one transaction; a version behind gets the 409 with the entry as it is. */
  const change = <T>(id: number, version: number, apply: (client: pg.PoolClient, row: Row) => Promise<T>): Promise<T> =>
    inTransaction(db, async (client, end) => {
      await client.query('begin')
      const row = await lockEntry(client, id)
      if (row.version !== version) throw await staleVersion(client, { entityType: 'walk_in_queue', entityId: id, current: toEntry(row, timeZone, null), timeZone })
      const result = await apply(client, row)
      await end.commit()
      return result
    })

  return {
    /** Today's queue, in the order they joined; each waiting party with the table free now for it, if any, first come first. */
    async today(): Promise<QueueDay> {
      const now = zonedParts(clock.now(), timeZone)
      const rows = await entriesOf(now.date)
      const free = await freeNowFor(rows)
      return { date: now.date, now: minutesToTime(now.minutes), entries: rows.map((r) => toEntry(r, timeZone, free.get(r.id) ?? null)) }
    },

    /** Adds a party to today's queue, joined now; 201 with the entry. */
    async join(input: QueueJoinInput, actor: Actor): Promise<QueueEntry> {
      const at = clock.now()
      const row = await inTransaction(db, async (client, end) => {
        await client.query('begin')
        const { rows } = await client.query<Row>(
          `insert into walk_in_queue (date, name, phone, party_size, quoted_minutes, notes, created_at, updated_at)
           values ($1, $2, $3, $4, $5, $6, $7, $7) returning ${COLUMNS}`,
          [today(), input.name, input.phone, input.partySize, input.quotedMinutes, input.notes, at],
        )
        const row = rows[0]!
        const quoted = row.quoted_minutes === null ? '' : `, quoted ${minutesText(row.quoted_minutes)}`
        await audit(client, actor, {
          action: 'create',
          entityType: 'walk_in_queue',
          entityId: row.id,
          summary: `added ${who(row)} to the walk-in queue${quoted}`,
          after: { name: row.name, phone: row.phone, partySize: row.party_size, quotedMinutes: row.quoted_minutes, notes: row.notes },
        })
        await end.commit()
        return row
      })
      return toEntry(row, timeZone, null)
    },

    /**
     * Gone, back in the queue (today's only, in its old place), or a new party
     * size or quote, at the version staff read. Seated parties are Walk-in's
     * booking now: changed there, not here.
     */
    async update(id: number, input: QueueUpdateInput, actor: Actor): Promise<QueueEntry> {
      const at = clock.now()
      const row = await change(id, input.version, async (client, before) => {
        const backInQueue = input.status === 'waiting' && before.status !== 'waiting'
        if (before.status === 'seated' || (backInQueue && before.date !== today()) || (!backInQueue && before.status !== 'waiting')) {
          throw notWaitingError(before, timeZone)
        }
        const status = input.status ?? before.status
        const { rows } = await client.query<Row>(
          `update walk_in_queue set status = $2, party_size = $3, quoted_minutes = $4, done_at = $5, updated_at = $6 where id = $1 returning ${COLUMNS}`,
          [id, status, input.partySize ?? before.party_size, input.quotedMinutes === undefined ? before.quoted_minutes : input.quotedMinutes, status === 'left' ? at : null, at],
        )
        const after = rows[0]!
        await audit(client, actor, {
          action: 'update',
          entityType: 'walk_in_queue',
          entityId: id,
          summary: updateSummary(before, after),
          before: { status: before.status, partySize: before.party_size, quotedMinutes: before.quoted_minutes },
          after: { status: after.status, partySize: after.party_size, quotedMinutes: after.quoted_minutes },
        })
        return after
      })
      // Its table free now, as today's list gives it: after the parties before it have theirs.
      const free = row.status === 'waiting' && row.date === today() ? await freeNowFor(await entriesOf(row.date)) : new Map<number, BookedTable[]>()
      return toEntry(row, timeZone, free.get(row.id) ?? null)
    },
  }
}

/** 'marked Sam (4 guests) as gone from the walk-in queue', 'put … back in the walk-in queue', 'changed … in the walk-in queue: party 4 → 5, quote 20 → 30 minutes'. */
function updateSummary(before: Row, after: Row): string {
  if (before.status !== after.status) {
    return after.status === 'left' ? `marked ${who(before)} as gone from the walk-in queue` : `put ${who(after)} back in the walk-in queue`
  }
  const changes: string[] = []
  if (before.party_size !== after.party_size) changes.push(`party ${before.party_size} → ${after.party_size}`)
  if (before.quoted_minutes !== after.quoted_minutes) changes.push(`quote ${before.quoted_minutes ?? 'none'} → ${after.quoted_minutes === null ? 'none' : minutesText(after.quoted_minutes)}`)
  return `changed ${who(before)} in the walk-in queue${changes.length ? `: ${changes.join(', ')}` : ''}`
}

export type WalkInQueue = ReturnType<typeof createWalkInQueue>
