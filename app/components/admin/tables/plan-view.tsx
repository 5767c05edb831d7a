/**
 * An area's plan: its tables drawn where they stand (grid squares from the
 * top left), round or rectangular, with their names and covers. A manager
 * moves a table by dragging it, or by keyboard: focus it, move it a square
 * at a time with the arrow keys, Enter (or leaving it) saves, Escape puts it
 * back. Each move is saved with the version the table was read at, and what
 * happened is announced. Staff see the same plan, read-only.
 */
import * as React from 'react'
import { PLAN_MAX, type AdminTable } from '#common/tables-schema'
import { cn } from '~/lib/utils'

/** One grid square, in pixels. */
const UNIT = 30

type Spot = { x: number; y: number }
const clamp = (n: number) => Math.max(0, Math.min(PLAN_MAX, n))
const ARROWS: Record<string, Spot> = { ArrowLeft: { x: -1, y: 0 }, ArrowRight: { x: 1, y: 0 }, ArrowUp: { x: 0, y: -1 }, ArrowDown: { x: 0, y: 1 } }
const where = (s: Spot) => `across ${s.x}, down ${s.y}`
const covers = (t: AdminTable) => (t.minCovers === t.maxCovers ? `${t.maxCovers}` : `${t.minCovers}–${t.maxCovers}`)

export type MoveResult = { ok: true } | { ok: false; message: string }

export function PlanView({
  areaName,
  tables,
  canEdit,
  onMove,
}: {
  areaName: string
  tables: AdminTable[]
  canEdit: boolean
  /** Saves a table's new place (with its version) and reads the plan again; resolves with the server's refusal, if any. */
  onMove: (table: AdminTable, to: Spot) => Promise<MoveResult>
}) {
  // Where tables are being moved to, before the server has them there.
  const [moving, setMoving] = React.useState<Record<number, Spot>>({})
  const [saving, setSaving] = React.useState<Record<number, boolean>>({})
  const [said, setSaid] = React.useState('')
  const drag = React.useRef<{ id: number; startX: number; startY: number; from: Spot; moved: boolean } | null>(null)
  const helpId = React.useId()

  const spotOf = (t: AdminTable): Spot => moving[t.id] ?? { x: t.planX, y: t.planY }
  const width = Math.max(12, ...tables.map((t) => spotOf(t).x + t.planWidth + 1))
  const height = Math.max(8, ...tables.map((t) => spotOf(t).y + t.planHeight + 1))

  const moveTo = (t: AdminTable, s: Spot) => setMoving((m) => ({ ...m, [t.id]: { x: clamp(s.x), y: clamp(s.y) } }))
  const putBack = (t: AdminTable) =>
    setMoving((m) => {
      const { [t.id]: _gone, ...rest } = m
      return rest
    })

  async function save(t: AdminTable) {
    const to = moving[t.id]
    if (!to || (to.x === t.planX && to.y === t.planY) || saving[t.id]) {
      if (to) putBack(t)
      return
    }
    setSaving((s) => ({ ...s, [t.id]: true }))
    setSaid(`Saving ${t.name}...`)
    const result = await onMove(t, to)
    setSaving((s) => ({ ...s, [t.id]: false }))
    // The plan's data has been read again by now: the table stands where the server has it.
    putBack(t)
    setSaid(result.ok ? `${t.name} saved at ${where(to)}.` : `${t.name} was not moved. ${result.message}`)
  }

  function onKeyDown(event: React.KeyboardEvent, t: AdminTable) {
    const step = ARROWS[event.key]
    if (step) {
      event.preventDefault()
      const from = spotOf(t)
      const to = { x: clamp(from.x + step.x), y: clamp(from.y + step.y) }
      moveTo(t, to)
      setSaid(`${t.name} at ${where(to)}. Enter saves, Escape puts it back.`)
    } else if (event.key === 'Enter') {
      event.preventDefault()
      void save(t)
    } else if (event.key === 'Escape' && moving[t.id]) {
      event.preventDefault()
      putBack(t)
      setSaid(`${t.name} put back at ${where({ x: t.planX, y: t.planY })}.`)
    }
  }

  function onPointerDown(event: React.PointerEvent, t: AdminTable) {
    if (!canEdit || event.button !== 0) return
    ;(event.currentTarget as HTMLElement).setPointerCapture(event.pointerId)
    drag.current = { id: t.id, startX: event.clientX, startY: event.clientY, from: spotOf(t), moved: false }
  }
  function onPointerMove(event: React.PointerEvent, t: AdminTable) {
    const d = drag.current
    if (!d || d.id !== t.id) return
    const dx = Math.round((event.clientX - d.startX) / UNIT)
    const dy = Math.round((event.clientY - d.startY) / UNIT)
    if (dx === 0 && dy === 0 && !d.moved) return
    d.moved = true
    moveTo(t, { x: d.from.x + dx, y: d.from.y + dy })
  }
  function onPointerUp(t: AdminTable) {
    const d = drag.current
    drag.current = null
    if (d?.id === t.id && d.moved) void save(t)
  }

  return (
    <div className="space-y-2">
      <p id={helpId} className="text-sm text-muted-foreground">
        {canEdit
          ? 'Drag a table to move it, or select it and use the arrow keys: Enter saves, Escape puts it back.'
          : 'Each table shows its name and the party sizes it seats.'}
      </p>
      <div className="overflow-auto rounded-lg border border-border bg-card p-2">
        <ul
          aria-label={`Plan of ${areaName}`}
          className="relative"
          style={{
            width: width * UNIT,
            height: height * UNIT,
            backgroundImage: 'linear-gradient(to right, var(--color-border) 1px, transparent 1px), linear-gradient(to bottom, var(--color-border) 1px, transparent 1px)',
            backgroundSize: `${UNIT}px ${UNIT}px`,
          }}
        >
          {tables.map((t) => {
            const s = spotOf(t)
            const details = `guests, ${t.shape === 'round' ? 'round' : 'rectangular'}, ${where(s)}${t.active ? '' : ', inactive'}`
            // The button's name is its visible text with the rest for screen readers: 'T4 2–4 guests, round, across 3, down 2' (the parts are flex items: read with spaces between).
            const body = (
              <>
                <span className="max-w-full truncate px-1 font-display text-sm font-bold leading-none">{t.name}</span>
                <span className="text-xs leading-none">{covers(t)}</span>
                <span className="sr-only">{details}</span>
              </>
            )
            const shape = cn(
              'absolute flex flex-col items-center justify-center gap-1 border-2 text-center shadow-sm',
              t.shape === 'round' ? 'rounded-full' : 'rounded-md',
              t.active ? 'border-forest bg-background text-foreground' : 'border-dashed border-muted-foreground bg-muted text-muted-foreground',
              moving[t.id] && 'border-brass ring-2 ring-brass',
            )
            const style = { left: s.x * UNIT + 2, top: s.y * UNIT + 2, width: t.planWidth * UNIT - 4, height: t.planHeight * UNIT - 4 }
            return (
              <li key={t.id} data-testid={`plan-table-${t.name}`}>
                {canEdit ? (
                  <button
                    type="button"
                    className={cn(shape, 'cursor-grab touch-none focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring active:cursor-grabbing')}
                    style={style}
                    aria-describedby={helpId}
                    aria-busy={saving[t.id] || undefined}
                    onKeyDown={(e) => onKeyDown(e, t)}
                    onBlur={() => void save(t)}
                    onPointerDown={(e) => onPointerDown(e, t)}
                    onPointerMove={(e) => onPointerMove(e, t)}
                    onPointerUp={() => onPointerUp(t)}
                    onPointerCancel={() => {
                      drag.current = null
                      putBack(t)
                    }}
                  >
                    {body}
                  </button>
                ) : (
                  <div className={shape} style={style}>
                    {body}
                  </div>
                )}
              </li>
            )
          })}
        </ul>
      </div>
      <p aria-live="polite" className="min-h-5 text-sm" data-testid="plan-status">
        {said}
      </p>
    </div>
  )
}
