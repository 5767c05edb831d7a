/**
 * The visit on the night (issue 35, docs/decisions/0031): staff mark a booking
 * arrived, seated, finished or a no-show, or undo the last step. The rule is
 * common/visit.ts's (`decideVisitMove`); this runs it under the date's lock
 * (the lock every seating path takes), stamps the step's time and writes the
 * audit row in the same transaction.
 *
 * Finished or no-show frees the booking's tables and covers from that minute:
 * `freed_at` (venue wall-clock) ends its hold (the triggers of migrations 0009
 * and visit_states), so every read that offers tables (the public slots and
 * booking, staff seating, 'why isn't it offered?') sees them free at once.
 * Undoing it makes the hold whole again, refused (409 naming the table and its
 * holder) when another booking took the table meanwhile.
 *
 * A move does not raise the booking's version: the version guards the fields
 * staff and the guest edit (migration 0010's trigger lists them), none of which
 * a move touches, and two moves at once are ordered by the row lock and the
 * rule (the second is told the booking is already marked). A `version` sent is
 * still checked, so a move made on a booking changed meanwhile is refused.
 */
import type pg from 'pg'
import { ADMIN_RESERVATION_MESSAGES as M, toAdminReservation, type AdminReservation } from '#common/admin-reservations-schema'
import { holderText, timeRange } from '#common/tables'
import { minutesToTime, todayIn, zonedParts } from '#common/time'
import { decideVisitMove, FREES_TABLES, VISIT_STATE_LABELS, type VisitState } from '#common/visit'
import { auditQuery, type Actor } from '../audit/audit'
import { staleVersion } from '../audit/versions'
import type { Reservation } from '../db/schema'
import { isExclusionViolation } from '../db/errors'
import type { Deps } from '../deps'
import { ConflictError, NotFoundError } from '../domain-errors'
import type { SettingsService } from '../settings/settings-service'
import { RESERVATION_FIELDS } from './booking-sql'
import { bookingWords } from './reservation-audit'
import { runStatements, withDatesLocked } from './reservations-data'
import { readStaffDay, tablesOfBookings, tableTakenMeanwhile, venueBooksTables } from './seating'
import { needsTable } from './staff-reservations'

/** The column each step's time is stored in. */
const TIME_COLUMN: Record<Exclude<VisitState, 'expected'>, string> = {
  arrived: 'arrived_at',
  seated: 'seated_at',
  finished: 'finished_at',
  no_show: 'no_show_at',
}

export type VisitMoveInput = { state: VisitState; version?: number }

/** The venue's wall clock at `now` as a timestamp without zone ('2026-12-05 20:10'): what freed_at and the holds are in. */
export const wallClockOf = (now: Date, timeZone: string) => {
  const { date, minutes } = zonedParts(now, timeZone)
  return `${date} ${minutesToTime(minutes)}`
}

export function createVisits({ db, clock, config }: Pick<Deps, 'db' | 'clock' | 'config'>, { settings, forgetDays }: { settings: SettingsService; forgetDays: (dates: string[]) => void }) {
  const timeZone = config.venueTimezone

  async function findRow(client: Pick<pg.Pool, 'query'>, id: number, lock = false): Promise<Reservation> {
    const { rows } = await client.query<Reservation>(`select ${RESERVATION_FIELDS} from reservations where id = $1${lock ? ' for update' : ''}`, [id])
    if (!rows[0]) throw new NotFoundError(M.notFound)
    return rows[0]
  }

  async function adminView(client: Pick<pg.Pool, 'query'>, row: Reservation): Promise<AdminReservation> {
    const tables = (await tablesOfBookings(client, [row.id])).get(row.id) ?? []
    return toAdminReservation(row, { tables, needsTable: needsTable(row, tables, await venueBooksTables(client), todayIn(clock.now(), timeZone)) })
  }

  /**
   * Undoing a finished or no-show makes the booking hold its tables for its
   * whole stay again: refused, naming the table and who holds it, when another
   * booking took one of them meanwhile.
   */
  async function checkTablesStillFree(client: pg.PoolClient, row: Reservation) {
    if (row.status !== 'confirmed' && row.status !== 'pending') return
    const mine = (await tablesOfBookings(client, [row.id])).get(row.id) ?? []
    if (mine.length === 0) return
    const rules = await settings.booking()
    const day = await readStaffDay(client, row.date, row.id, rules.durationMinutes, clock.now())
    const [start, end] = timeRange(row.startTime, row.durationMinutes)
    for (const table of mine) {
      const holder = day.holds.find((h) => h.tableId === table.id && h.start < end && start < h.end)
      if (holder) {
        throw new ConflictError(
          `${table.name} was given to ${holderText(holder)} after this party left, so it cannot be undone: move that booking to another table first.`,
          'table_taken',
        )
      }
    }
  }

  return {
    /** Moves a booking's visit to `state` (forward one step, or back one: undo), as `actor`. */
    async move(id: number, { state, version }: VisitMoveInput, actor: Actor): Promise<AdminReservation> {
      const before = await findRow(db.$client, id)
      const updated = await withDatesLocked(db, [before.date], clock.now(), async (client) => {
        const current = await findRow(client, id, true)
        if (version !== undefined && current.version !== version) {
          throw await staleVersion(client, { entityType: 'reservation', entityId: id, current: await adminView(client, current), timeZone, changedAt: current.updatedAt })
        }
        // Moved to another date meanwhile: that date is not locked. Staff try again.
        if (current.date !== before.date) throw new ConflictError('This booking was changed meanwhile. Please try again.')
        const now = clock.now()
        const move = decideVisitMove({ ...current, arrived: current.arrivedAt !== null }, state, zonedParts(now, timeZone))
        if (!move.ok) throw new ConflictError(move.message, move.code)
        const from = current.visitState
        // Forward: the new step is stamped. Undo: the step undone loses its time.
        const stamped = move.undo ? (from as Exclude<VisitState, 'expected'>) : (state as Exclude<VisitState, 'expected'>)
        const freed = FREES_TABLES.includes(state) && !move.undo ? wallClockOf(now, timeZone) : null
        if (move.undo && FREES_TABLES.includes(from)) await checkTablesStillFree(client, current)
        const { rows } = await client.query<Reservation>(
          `update reservations set visit_state = $2, ${TIME_COLUMN[stamped]} = $3, freed_at = $4, updated_at = $5
            where id = $1 returning ${RESERVATION_FIELDS}`,
          [id, state, move.undo ? null : now, freed, now],
        )
        const row = rows[0]!
        await runStatements(client, [auditQuery(actor, visitAudit(current, row, move.undo))])
        return row
      }).catch((error: unknown) => {
        if (isExclusionViolation(error)) throw tableTakenMeanwhile()
        throw error
      })
      forgetDays([updated.date])
      return adminView(db.$client, updated)
    },
  }
}

/** 'marked the booking of J. Smith, 4 guests, 19:30 on 05 Dec 2026 seated'; an undo says what it went back to. */
function visitAudit(before: Reservation, after: Reservation, undo: boolean) {
  const label = (s: VisitState) => VISIT_STATE_LABELS[s].toLowerCase()
  const summary = undo
    ? `undid '${label(before.visitState)}' on the booking of ${bookingWords(after)}: back to ${label(after.visitState)}`
    : `marked the booking of ${bookingWords(after)} ${label(after.visitState)}`
  return {
    action: 'visit',
    entityType: 'reservation',
    entityId: after.id,
    summary,
    before: { visitState: before.visitState },
    after: { visitState: after.visitState },
  }
}

export type Visits = ReturnType<typeof createVisits>
