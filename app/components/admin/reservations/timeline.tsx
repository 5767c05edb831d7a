import { useQuery } from '@tanstack/react-query'
import * as React from 'react'
import { guestConfirmationOf, type AdminReservation } from '#common/admin-reservations-schema'
import type { AdminArea, AdminTable } from '#common/tables-schema'
import { minutesToTime, timeToMinutes } from '#common/time'
import { inSeason, inUseOn } from '#common/tables'
import { minutesOverTime } from '#common/tonight'
import { heldMinutes } from '#common/visit'
import { areasQuery, diningTablesQuery } from '~/lib/queries/tables'
import { cn } from '~/lib/utils'
import { AdminContext } from '../admin-context'
import { ConfirmDialog } from '../confirm'
import { lazyDialog } from '../lazy-dialog'
import { EmptyState, QueryView } from '../panel'
import type { useReservationActions } from './use-reservation-actions'
import { guestsText } from '#common/reservation-form'

const MoveDialog = lazyDialog(() => import('./move-dialog').then((m) => m.MoveDialog))

/** One column per half hour. */
export const SLOT_MINUTES = 30
const SLOT_PX = 72
// The grid spans at least lunch to late evening, wider when a booking starts earlier or ends later.
const DAY_FROM = 12 * 60
const DAY_UNTIL = 23 * 60
// A pointer that moves less than this is a click (the Move dialog), not a drag.
const DRAG_THRESHOLD_PX = 6

type Actions = ReturnType<typeof useReservationActions>
type Row = { table: AdminTable; area: string }

/**
 * 'Pending' for a request, and why a large party's request holds no table: its guest did not confirm it in
 * time (decision 21). Empty for a confirmed booking.
 */
const pendingWords = (r: AdminReservation) =>
  r.status !== 'pending' ? '' : guestConfirmationOf(r, new Date()) === 'not_confirmed' ? 'Pending, not confirmed by the guest' : 'Pending'

/** 'J. Smith, 4 guests, 19:30, T4' (and ', Pending', or ', over time' for a party seated past its time): the bar's name for a screen reader. */
export const barLabel = (r: AdminReservation, overTime = false) =>
  `${r.name}, ${guestsText(r.partySize)}, ${r.startTime}, ${r.tables.length ? r.tables.map((t) => t.name).join(' + ') : 'no table'}${r.status === 'pending' ? `, ${pendingWords(r)}` : ''}${overTime ? ', over time' : ''}`

/**
 * A bar's words, which are also its name for a screen reader (so what is seen
 * and what is heard agree): 'J. Smith, 4 guests, 19:30, T4', and ', Pending'.
 */
function BarText({ reservation: r, overTime = false }: { reservation: AdminReservation; overTime?: boolean }) {
  return (
    <span className="line-clamp-2">
      <span className="font-semibold">{r.name}</span>
      {barLabel(r, overTime).slice(r.name.length)}
    </span>
  )
}

const isActive = (r: AdminReservation) => r.status !== 'cancelled'

/**
 * The active tables of active areas, grouped by area in the plan's order; a table out of use from the
 * day or earlier, or in an area closed that day (for the weather, or out of its season), only while a
 * booking of the day still sits at it: a December timeline has no rows for a garden shut for the winter.
 */
export function rowsOf(areas: AdminArea[], tables: AdminTable[], date: string, reservations: AdminReservation[]): Row[] {
  const rows: Row[] = []
  const seated = new Set(reservations.flatMap((r) => r.tables.map((t) => t.id)))
  for (const area of [...areas].filter((a) => a.active).sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)) {
    const open = inSeason(area.season, date) && !area.closures.some((c) => c.date === date)
    const own = tables
      .filter((t) => t.active && t.areaId === area.id && ((open && inUseOn(t, date)) || seated.has(t.id)))
      .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
    for (const table of own) rows.push({ table, area: area.name })
  }
  return rows
}

/** The half hours the grid shows: the day's usual span, widened to every booking on it. */
export function slotsOf(reservations: AdminReservation[]): string[] {
  let from = DAY_FROM
  let until = DAY_UNTIL
  for (const r of reservations) {
    const start = timeToMinutes(r.startTime)
    from = Math.min(from, Math.floor(start / SLOT_MINUTES) * SLOT_MINUTES)
    until = Math.max(until, Math.min(24 * 60, Math.ceil((start + r.durationMinutes) / SLOT_MINUTES) * SLOT_MINUTES))
  }
  const slots: string[] = []
  for (let m = from; m < until; m += SLOT_MINUTES) slots.push(minutesToTime(m))
  return slots
}

/** The cell under a pointer: its table and half hour (data attributes on each cell). */
function cellAt(x: number, y: number): { tableId: number; time: string } | null {
  const cell = document
    .elementsFromPoint(x, y)
    .find((el) => el instanceof HTMLElement && el.dataset.slot !== undefined) as HTMLElement | undefined
  if (!cell) return null
  return { tableId: Number(cell.dataset.tableId), time: cell.dataset.slot! }
}

/**
 * A booking's bar: a button (click or Enter opens Move); dragged by a pointer,
 * it follows the pointer and, dropped on another cell, asks to move there.
 */
function Bar({
  reservation: r,
  widthSlots,
  overTime,
  onOpen,
  onDrop,
}: {
  reservation: AdminReservation
  widthSlots: number
  /** Seated past its time: the bar runs to now, marked (docs/decisions/0052). */
  overTime: boolean
  onOpen: () => void
  onDrop: (target: { tableId: number; time: string }) => void
}) {
  const [offset, setOffset] = React.useState<{ x: number; y: number } | null>(null)
  const start = React.useRef<{ x: number; y: number; dragging: boolean } | null>(null)
  const pending = r.status === 'pending'
  return (
    <button
      type="button"
      data-testid={`bar-${r.id}`}
      onClick={() => {
        // A drag ends in a click too: only a real click opens the dialog.
        if (start.current?.dragging) return
        onOpen()
      }}
      onPointerDown={(e) => {
        if (e.button !== 0) return
        start.current = { x: e.clientX, y: e.clientY, dragging: false }
        e.currentTarget.setPointerCapture(e.pointerId)
      }}
      onPointerMove={(e) => {
        const s = start.current
        if (!s) return
        const dx = e.clientX - s.x
        const dy = e.clientY - s.y
        if (!s.dragging && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return
        s.dragging = true
        setOffset({ x: dx, y: dy })
      }}
      onPointerUp={(e) => {
        const s = start.current
        setOffset(null)
        if (s?.dragging) {
          const target = cellAt(e.clientX, e.clientY)
          if (target) onDrop(target)
        }
        // Cleared after the click that follows the pointer's release.
        setTimeout(() => (start.current = null), 0)
      }}
      onPointerCancel={() => {
        start.current = null
        setOffset(null)
      }}
      style={{
        width: widthSlots * SLOT_PX - 4,
        transform: offset ? `translate(${offset.x}px, ${offset.y}px)` : undefined,
        // Striped: a pending booking reads differently without colour alone.
        backgroundImage: pending
          ? 'repeating-linear-gradient(135deg, transparent 0 6px, rgb(0 0 0 / 0.07) 6px 12px)'
          : undefined,
      }}
      className={cn(
        'absolute left-0.5 top-1 z-10 block h-10 touch-none overflow-hidden rounded-md border px-2 text-left text-xs leading-tight shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        pending
          ? 'border-2 border-dashed border-amber-700 bg-amber-50 text-amber-950'
          : overTime
            ? 'border-2 border-amber-700 bg-amber-100 text-amber-950'
            : 'border-primary bg-primary/10 text-foreground',
        offset && 'z-30 cursor-grabbing opacity-80 shadow-lg',
      )}
    >
      <BarText reservation={r} overTime={overTime} />
    </button>
  )
}

/**
 * The chosen day as a timeline (issue 34): a row per table in use (by area,
 * in the plan's order), a column per half hour, each booking a bar from its
 * start for as long as it holds its table. A bar moves by drag (to another
 * table, another time, or both) or by its Move dialog; a refusal (the table
 * taken, with by whom; the booking changed meanwhile) is shown and the bar
 * stays where it was. On a phone the day is a list with the table names.
 * Given `now` (today's date, and Tonight, issue 35), a line marks the time on
 * the grid, which opens at it (or at the next booking while nobody is at a
 * table: openingMinutes), and the phone's list says where now falls.
 */
export function ReservationTimeline({
  date,
  reservations,
  actions,
  now,
}: {
  date: string
  reservations: AdminReservation[]
  actions: Actions
  /** The venue's time now ('HH:MM'), when the day shown is today. */
  now?: string
}) {
  const areas = useQuery(areasQuery)
  const tables = useQuery(diningTablesQuery)
  const [moving, setMoving] = React.useState<AdminReservation | null>(null)
  const active = reservations.filter(isActive)
  const loaded = areas.data && tables.data ? { areas: areas.data, tables: tables.data } : undefined
  const { move, moveRefusal } = actions

  const drop = (r: AdminReservation, fromTableId: number | null, target: { tableId: number; time: string }) => {
    const toAnother = fromTableId === null || target.tableId !== fromTableId
    const tableIds = toAnother ? [target.tableId] : r.tables.map((t) => t.id)
    if (target.time === r.startTime && fromTableId === target.tableId) return
    actions.clearMoveRefusal()
    const variables = { reservation: r, tableIds, startTime: target.time }
    // Staff may seat a party at a smaller table on purpose (a chair pulled up), but a drop is easily a slip: ask.
    const table = tables.data?.find((t) => t.id === target.tableId)
    if (toAnother && table && r.partySize > table.maxCovers) {
      move.ask({
        title: `Seat ${guestsText(r.partySize)} at ${table.name}?`,
        description: `${table.name} seats ${table.maxCovers}. Seat the party there anyway?`,
        detail: `${r.name}, ${target.time}`,
        confirmLabel: 'Seat Anyway',
        variables,
      })
      return
    }
    move.run(variables)
  }

  return (
    <div className="space-y-3" data-testid="timeline">
      {/* A refusal of a drag (a taken table, saying by whom; the booking changed meanwhile); the bar stays put. */}
      {moveRefusal && moving === null && (
        <p
          role="alert"
          className="rounded-md border border-destructive bg-destructive/10 p-2 text-sm font-semibold text-destructive"
        >
          {moveRefusal}
        </p>
      )}
      <QueryView
        query={{
          isPending: areas.isPending || tables.isPending,
          isError: areas.isError || tables.isError,
          data: loaded,
          refetch: () => void Promise.all([areas.refetch(), tables.refetch()]),
        }}
        errorMessage="The tables could not be loaded."
        empty={(data) =>
          rowsOf(data.areas, data.tables, date, active).length === 0 && (
            <EmptyState title="No tables yet">
              Draw the tables in Tables &amp; Areas to see the day on a timeline.
            </EmptyState>
          )
        }
      >
        {(data) => (
          <TimelineBody
            rows={rowsOf(data.areas, data.tables, date, active)}
            reservations={active}
            now={now}
            onOpen={setMoving}
            onDrop={drop}
          />
        )}
      </QueryView>
      <ConfirmDialog {...move.dialog} />
      {moving && (
        <MoveDialog.Component
          open
          reservation={moving}
          date={date}
          slots={slotsOf(active)}
          move={move}
          refusal={moveRefusal}
          onOpenChange={(open) => {
            if (!open) {
              setMoving(null)
              actions.clearMoveRefusal()
            }
          }}
        />
      )}
    </div>
  )
}

/**
 * Where the grid opens (minutes of the day; it shows the half hour before too): at the day's first booking, as
 * lunch-time columns would hide an evening's. Today (`now` given), at now while a booking is on or none is left to
 * come; before the first one still to come begins, at that one, not at empty columns before it (a manager opening
 * the day at noon sees the evening, with 'Now' said above the grid). `visits` are the bookings' starts and the
 * ends of their hold on the table.
 */
export function openingMinutes(visits: { start: number; end: number }[], now: number | undefined, dayStart: number): number {
  if (now === undefined) return visits.length ? Math.min(...visits.map((v) => v.start)) : dayStart
  const ahead = visits.filter((v) => v.end > now)
  return ahead.length ? Math.max(now, Math.min(...ahead.map((v) => v.start))) : now
}

/** Where now falls on the grid: in which half hour's column, and how far into it. */
function nowMark(now: string | undefined, slots: string[]): { slot: string; left: number } | null {
  if (!now) return null
  const minutes = timeToMinutes(now)
  const slot = slots.find((s) => minutes >= timeToMinutes(s) && minutes < timeToMinutes(s) + SLOT_MINUTES)
  return slot ? { slot, left: ((minutes - timeToMinutes(slot)) / SLOT_MINUTES) * SLOT_PX } : null
}

/** The now line in one cell of its column (one per row, so it runs down the whole grid), behind the bars so their words stay whole. */
function NowLine({ left }: { left: number }) {
  return (
    <span
      aria-hidden="true"
      className="pointer-events-none absolute inset-y-0 z-[5] w-0.5 bg-red-600"
      style={{ left }}
    />
  )
}

function TimelineBody({
  rows,
  reservations,
  now,
  onOpen,
  onDrop,
}: {
  rows: Row[]
  reservations: AdminReservation[]
  now?: string
  onOpen: (r: AdminReservation) => void
  onDrop: (r: AdminReservation, fromTableId: number | null, target: { tableId: number; time: string }) => void
}) {
  const slots = slotsOf(reservations)
  const first = timeToMinutes(slots[0]!)
  const mark = nowMark(now, slots)
  const unseated = reservations.filter((r) => r.tables.length === 0)
  const byTable = new Map<number, AdminReservation[]>()
  for (const r of reservations) for (const t of r.tables) byTable.set(t.id, [...(byTable.get(t.id) ?? []), r])
  /** The bars that start in this half hour at this table. */
  const startingAt = (tableId: number, slot: string) => {
    const from = timeToMinutes(slot)
    return (byTable.get(tableId) ?? []).filter((r) => {
      const start = Math.max(first, timeToMinutes(r.startTime))
      return start >= from && start < from + SLOT_MINUTES
    })
  }
  const { venueTimezone } = React.useContext(AdminContext)
  const scroller = React.useRef<HTMLDivElement>(null)
  // A party seated past its time today is still there: its bar runs on to now (docs/decisions/0052).
  const overTime = (r: AdminReservation) => (mark ? minutesOverTime(r, timeToMinutes(now!)) : 0)
  const earliest = openingMinutes(
    reservations.map((r) => {
      const start = timeToMinutes(r.startTime)
      return { start, end: start + heldMinutes(r, venueTimezone) + overTime(r) }
    }),
    mark ? timeToMinutes(now!) : undefined,
    first,
  )
  React.useEffect(() => {
    // After the browser has laid the grid out (set earlier, while a parent is still hidden, it is lost).
    const frame = requestAnimationFrame(() => {
      const el = scroller.current
      if (el) el.scrollLeft = Math.max(0, ((earliest - first) / SLOT_MINUTES - 1) * SLOT_PX)
    })
    return () => cancelAnimationFrame(frame)
  }, [earliest, first])
  // A party that finished or did not come holds its table only until then (issue 35): its bar ends there.
  const width = (r: AdminReservation) => Math.max(1, Math.ceil((heldMinutes(r, venueTimezone) + overTime(r)) / SLOT_MINUTES))

  return (
    <>
      {unseated.length > 0 && (
        <section aria-labelledby="needs-table-title" className="rounded-lg border border-amber-700 bg-amber-50/60 p-3">
          <h3 id="needs-table-title" className="mb-2 text-sm font-semibold">
            Needs a table
          </h3>
          <ul className="flex flex-wrap gap-2">
            {unseated.map((r) => (
              <li key={r.id}>
                <button
                  type="button"
                  onClick={() => onOpen(r)}
                  className={cn(
                    'rounded-md border bg-background px-2 py-1 text-left text-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    r.status === 'pending' ? 'border-2 border-dashed border-amber-700' : 'border-primary',
                  )}
                >
                  <BarText reservation={r} />
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      {/* What the red line is (it has no room for words of its own in the grid). */}
      {mark && (
        <p className="hidden items-center gap-2 text-sm font-semibold text-red-800 sm:flex" aria-hidden="true">
          <span className="h-4 w-0.5 bg-red-600" />
          Now, {now}
        </p>
      )}
      {/* The grid from a tablet up; scrolled sideways inside itself, the table names stay in view. */}
      <div
        ref={scroller}
        className="hidden max-h-[70vh] overflow-auto rounded-lg border border-border sm:block"
        data-testid="timeline-grid"
      >
        <table className="border-separate border-spacing-0 text-sm">
          <caption className="sr-only">
            Bookings by table and half hour. Each booking is a button: press it to move it.
            {mark && ` A red line marks now, ${now}.`}
          </caption>
          <thead>
            <tr>
              <th
                scope="col"
                className="sticky left-0 top-0 z-30 min-w-28 border-b border-r border-border bg-card px-2 py-1 text-left"
              >
                Table
              </th>
              {slots.map((s) => (
                <th
                  key={s}
                  scope="col"
                  className="sticky top-0 z-20 border-b border-l border-border bg-card px-1 py-1 text-left font-semibold tabular-nums"
                  style={{ minWidth: SLOT_PX, width: SLOT_PX }}
                  data-now={mark?.slot === s ? now : undefined}
                >
                  {s}
                  {mark?.slot === s && <NowLine left={mark.left} />}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(({ table, area }, i) => (
              <tr key={table.id} data-testid={`timeline-row-${table.name}`}>
                <th
                  scope="row"
                  className={cn(
                    'sticky left-0 z-20 border-r border-border bg-card px-2 py-1 text-left',
                    i > 0 && rows[i - 1]!.area !== area && 'border-t-2 border-t-foreground/40',
                  )}
                >
                  <span className="block font-semibold">{table.name}</span>
                  <span className="block text-xs font-normal text-muted-foreground">
                    {area} ·{' '}
                    {table.minCovers === table.maxCovers ? table.maxCovers : `${table.minCovers}–${table.maxCovers}`}
                  </span>
                </th>
                {slots.map((s) => (
                  <td
                    key={s}
                    data-slot={s}
                    data-table-id={table.id}
                    className={cn(
                      'relative h-12 border-b border-l border-border',
                      i > 0 && rows[i - 1]!.area !== area && 'border-t-2 border-t-foreground/40',
                    )}
                  >
                    {mark?.slot === s && <NowLine left={mark.left} />}
                    {startingAt(table.id, s).map((r) => (
                      <Bar
                        key={r.id}
                        reservation={r}
                        widthSlots={width(r)}
                        overTime={overTime(r) > 0}
                        onOpen={() => onOpen(r)}
                        onDrop={(target) => onDrop(r, table.id, target)}
                      />
                    ))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {/* A phone: the day's bookings in time order with their tables. */}
      <ul className="grid gap-2 sm:hidden" aria-label="Bookings and their tables" data-testid="timeline-list">
        {[...reservations]
          .sort((a, b) => a.startTime.localeCompare(b.startTime))
          .map((r, i, sorted) => (
            <React.Fragment key={r.id}>
              {/* Now, between the bookings before it and those after. */}
              {mark && r.startTime > now! && (i === 0 || sorted[i - 1]!.startTime <= now!) && (
                <li className="flex items-center gap-2 text-xs font-bold text-red-700">
                  <span aria-hidden="true" className="h-0.5 flex-1 bg-red-600" />
                  Now, {now}
                  <span aria-hidden="true" className="h-0.5 flex-1 bg-red-600" />
                </li>
              )}
              <li
                key={r.id}
                className={cn(
                  'flex items-center justify-between gap-2 rounded-md border p-2',
                  r.status === 'pending' ? 'border-2 border-dashed border-amber-700' : 'border-border',
                )}
              >
                <div className="text-sm">
                  <p className="font-semibold">
                    {r.startTime} {r.name}
                  </p>
                  <p>
                    {guestsText(r.partySize)} ·{' '}
                    {r.tables.length ? r.tables.map((t) => t.name).join(' + ') : 'Needs a table'}
                    {r.status === 'pending' && ` · ${pendingWords(r)}`}
                    {overTime(r) > 0 && <span className="font-semibold text-amber-900"> · Over time</span>}
                  </p>
                </div>
                <button
                  type="button"
                  aria-label={`Move ${barLabel(r, overTime(r) > 0)}`}
                  onClick={() => onOpen(r)}
                  className="rounded-md border border-border px-3 py-2 text-sm font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  Move
                </button>
              </li>
            </React.Fragment>
          ))}
      </ul>
    </>
  )
}
