import { useEffect, useRef } from 'react'
import { formatTime12 } from '#common/time'
import { Label } from '~/components/ui/label'
import { cn } from '~/lib/utils'

export type TimeSelectProps = {
  date: string
  value: string
  onChange: (time: string) => void
  /** Changes when a date is picked: the dropdown then takes focus and opens once the times are in. */
  openRequest: number
  slots: string[] | undefined
  loading: boolean
  failed: boolean
  /** The phone has no connection: the times load when it is back (TanStack Query waits for it). */
  offline?: boolean
  /** Asks for the times again, offered beside 'Could not load times'. */
  onRetry?: () => void
}

/**
 * The time dropdown (a native select, so every screen reader and phone knows
 * it): 'Please select a date first' until a date is chosen, 'Loading times...'
 * while the slots load, then the free times in 12-hour form. Without a
 * connection, or when the times could not be loaded, it says so, never 'No
 * times available', which would send the guest away from a free evening.
 */
export function TimeSelect({ date, value, onChange, openRequest, slots, loading, failed, offline = false, onRetry }: TimeSelectProps) {
  const ref = useRef<HTMLSelectElement>(null)
  const handled = useRef(0)
  const none = Boolean(date) && !loading && (offline || failed || (slots?.length ?? 0) === 0)

  useEffect(() => {
    if (openRequest === handled.current || loading || !date) return
    handled.current = openRequest
    const select = ref.current
    if (!select || none) return
    select.focus()
    try {
      select.showPicker?.()
    } catch {
      // Without a recent click or key press the browser refuses; focus is enough then.
    }
  }, [openRequest, loading, date, none])

  const placeholder = !date
    ? 'Please select a date first'
    : loading
      ? 'Loading times...'
      : offline
        ? 'Waiting for a connection...'
        : failed
          ? 'Could not load times'
          : none
          ? 'No times available'
          : 'Select a time'
  const status = !date
    ? ''
    : loading
      ? 'Loading times...'
      : offline
        ? 'No connection. The times will load when you are back online.'
        : failed
          ? 'Could not load times. Please try again.'
          : none
            ? 'No times are available on this date. Please choose another date.'
            : `${slots!.length} ${slots!.length === 1 ? 'time' : 'times'} available`
  const options = loading ? [] : (slots ?? [])
  // A chosen time stays listed while the list refreshes, so the choice is not lost on a refetch.
  const listed = value && !options.includes(value) ? [value, ...options] : options

  return (
    <div className="grid content-start gap-2">
      <Label htmlFor="booking-time">Time</Label>
      <select
        ref={ref}
        id="booking-time"
        name="startTime"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={!date || (none && !value)}
        aria-describedby="booking-time-status"
        className={cn(
          'h-10 w-full rounded-md border border-input bg-card px-3 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60 md:text-sm',
          !value && 'text-muted-foreground',
        )}
      >
        <option value="" disabled>
          {placeholder}
        </option>
        {listed.map((time) => (
          <option key={time} value={time} className="text-foreground">
            {formatTime12(time)}
          </option>
        ))}
      </select>
      <p id="booking-time-status" role="status" aria-live="polite" className="min-h-5 text-sm text-muted-foreground">
        {status}
        {failed && !loading && !offline && onRetry && (
          <>
            {' '}
            <button type="button" onClick={onRetry} className="font-semibold text-primary underline underline-offset-4">
              Try again
            </button>
          </>
        )}
      </p>
    </div>
  )
}
