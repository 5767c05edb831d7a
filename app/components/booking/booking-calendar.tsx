import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { MONTH_NAMES, WEEKDAY_NAMES, addDays, dayOfWeek } from '#common/time'
import { cn } from '~/lib/utils'

/** 'YYYY-MM' of a date. */
const monthOf = (date: string) => date.slice(0, 7)

/** The same day in another month, clamped to that month's length. */
function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number)
  const first = new Date(Date.UTC(y!, m! - 1 + months, 1))
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate()
  first.setUTCDate(Math.min(d!, last))
  return first.toISOString().slice(0, 10)
}

/** The 42 dates of a Sunday-first month grid that holds `month` ('YYYY-MM'). */
export function monthGrid(month: string): string[] {
  const first = `${month}-01`
  const start = addDays(first, -dayOfWeek(first))
  return Array.from({ length: 42 }, (_, i) => addDays(start, i))
}

/** 'Saturday 6 December 2026' */
function spokenDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number)
  return `${WEEKDAY_NAMES[dayOfWeek(date)]} ${d} ${MONTH_NAMES[m! - 1]} ${y}`
}

export type BookingCalendarProps = {
  today: string
  selected: string
  /** The shared disabled-day rule (common/availability isDayDisabled). */
  isDisabled: (date: string) => boolean
  onSelect: (date: string) => void
  labelledBy: string
}

/**
 * The month calendar of SPEC.md section 2: a Sunday-first grid of 42 days with
 * previous/next month buttons. Keyboard: arrows move a day or a week,
 * Home/End the start/end of the week, Page Up/Down a month (with Shift a
 * year); one day is in the tab order (roving tabindex). Disabled days stay
 * focusable and are announced ('…, closed').
 */
export function BookingCalendar({ today, selected, isDisabled, onSelect, labelledBy }: BookingCalendarProps) {
  const [focused, setFocused] = useState(selected || today)
  const [month, setMonth] = useState(monthOf(selected || today))
  const moveFocus = useRef(false)
  const buttons = useRef(new Map<string, HTMLButtonElement>())

  useEffect(() => {
    if (!selected) return
    setFocused(selected)
    setMonth(monthOf(selected))
  }, [selected])

  useEffect(() => {
    if (!moveFocus.current) return
    moveFocus.current = false
    buttons.current.get(focused)?.focus()
  }, [focused, month])

  const go = (date: string) => {
    moveFocus.current = true
    setFocused(date)
    setMonth(monthOf(date))
  }
  const showMonth = (delta: number) => {
    const next = addMonths(`${month}-01`, delta)
    setMonth(monthOf(next))
    setFocused(monthOf(focused) === monthOf(next) ? focused : next)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, date: string) => {
    const weekday = dayOfWeek(date)
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(date, -1),
      ArrowRight: () => addDays(date, 1),
      ArrowUp: () => addDays(date, -7),
      ArrowDown: () => addDays(date, 7),
      Home: () => addDays(date, -weekday),
      End: () => addDays(date, 6 - weekday),
      PageUp: () => addMonths(date, event.shiftKey ? -12 : -1),
      PageDown: () => addMonths(date, event.shiftKey ? 12 : 1),
    }
    const move = moves[event.key]
    if (!move) return
    event.preventDefault()
    go(move())
  }

  const [year, monthNumber] = month.split('-').map(Number)
  const caption = `${MONTH_NAMES[monthNumber! - 1]} ${year}`
  const captionId = `${labelledBy}-caption`
  const days = monthGrid(month)
  const focusable = days.includes(focused) ? focused : `${month}-01`

  return (
    <div className="rounded-lg border border-border bg-card p-3 sm:p-4">
      <div className="mb-3 flex items-center justify-between gap-2">
        <button
          type="button"
          onClick={() => showMonth(-1)}
          disabled={month <= monthOf(today)}
          className="inline-flex size-10 items-center justify-center rounded-md border border-input hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:opacity-40"
          aria-label="Previous month"
        >
          <ChevronLeft className="size-5" aria-hidden="true" />
        </button>
        <div id={captionId} className="font-display text-lg font-semibold" aria-live="polite">
          {caption}
        </div>
        <button
          type="button"
          onClick={() => showMonth(1)}
          className="inline-flex size-10 items-center justify-center rounded-md border border-input hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
          aria-label="Next month"
        >
          <ChevronRight className="size-5" aria-hidden="true" />
        </button>
      </div>
      <table role="grid" aria-labelledby={`${labelledBy} ${captionId}`} className="w-full table-fixed border-collapse">
        <thead>
          <tr>
            {WEEKDAY_NAMES.map((name) => (
              <th key={name} scope="col" abbr={name} className="pb-2 text-center text-xs font-semibold text-muted-foreground">
                {name.slice(0, 2)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: 6 }, (_, row) => (
            <tr key={row}>
              {days.slice(row * 7, row * 7 + 7).map((date) => {
                const disabled = isDisabled(date)
                const isToday = date === today
                const isSelected = date === selected
                const outside = monthOf(date) !== month
                const state = [isToday && 'today', isSelected && 'selected', disabled && (date < today ? 'not available' : 'closed')]
                  .filter(Boolean)
                  .join(', ')
                return (
                  <td key={date} role="gridcell" aria-selected={isSelected} className="p-0.5 text-center">
                    <button
                      ref={(el) => {
                        if (el) buttons.current.set(date, el)
                        else buttons.current.delete(date)
                      }}
                      type="button"
                      tabIndex={date === focusable ? 0 : -1}
                      aria-label={state ? `${spokenDate(date)}, ${state}` : spokenDate(date)}
                      aria-disabled={disabled || undefined}
                      data-date={date}
                      onClick={() => {
                        setFocused(date)
                        if (outside) setMonth(monthOf(date))
                        if (!disabled) onSelect(date)
                      }}
                      onKeyDown={(e) => onKeyDown(e, date)}
                      className={cn(
                        // As wide as the column allows, up to 40 px (44 from sm): seven of them fit the narrowest phone.
                        'relative mx-auto flex aspect-square w-full max-w-10 items-center justify-center rounded-md text-sm font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 sm:max-w-11',
                        outside && !isSelected && 'font-normal text-muted-foreground',
                        disabled
                          ? 'cursor-not-allowed text-muted-foreground line-through decoration-1'
                          : 'hover:bg-accent',
                        isToday && !isSelected && 'ring-1 ring-oak ring-inset',
                        isSelected && 'bg-primary text-primary-foreground hover:bg-primary',
                      )}
                    >
                      {Number(date.slice(8))}
                    </button>
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-label="Legend">
        <li className="flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm ring-1 ring-oak ring-inset" aria-hidden="true" />
          Today
        </li>
        <li className="flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm bg-primary" aria-hidden="true" />
          Selected
        </li>
        <li className="flex items-center gap-1.5">
          {/* As a closed day is drawn: its number greyed and struck through. */}
          <span className="font-semibold line-through decoration-1" aria-hidden="true">
            12
          </span>
          Closed days
        </li>
      </ul>
    </div>
  )
}
