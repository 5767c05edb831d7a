import { formatTime12 } from '../../../common/time'
import { Label } from '~/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select'

export type TimeSelectProps = {
  date: string
  value: string
  onChange: (time: string) => void
  open: boolean
  onOpenChange: (open: boolean) => void
  slots: string[] | undefined
  loading: boolean
  failed: boolean
}

/**
 * The time dropdown: 'Please select a date first' until a date is chosen,
 * 'Loading times...' while the slots load, then the free times in 12-hour form.
 */
export function TimeSelect({ date, value, onChange, open, onOpenChange, slots, loading, failed }: TimeSelectProps) {
  const none = Boolean(date) && !loading && (failed || (slots?.length ?? 0) === 0)
  const placeholder = !date
    ? 'Please select a date first'
    : loading
      ? 'Loading times...'
      : failed
        ? 'Could not load times'
        : none
          ? 'No times available'
          : 'Select a time'
  const status = !date
    ? ''
    : loading
      ? 'Loading times...'
      : failed
        ? 'Could not load times. Please try again.'
        : none
          ? 'No times are available on this date. Please choose another date.'
          : `${slots!.length} ${slots!.length === 1 ? 'time' : 'times'} available`
  return (
    <div className="grid gap-2">
      <Label htmlFor="booking-time">Time</Label>
      <Select
        value={value}
        onValueChange={onChange}
        open={open && Boolean(date) && !none}
        onOpenChange={onOpenChange}
        disabled={!date || none}
      >
        <SelectTrigger id="booking-time" aria-describedby="booking-time-status" className="bg-card">
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          {loading ? (
            <SelectItem value="__loading" disabled>
              Loading times...
            </SelectItem>
          ) : (
            (slots ?? []).map((time) => (
              <SelectItem key={time} value={time}>
                {formatTime12(time)}
              </SelectItem>
            ))
          )}
        </SelectContent>
      </Select>
      <p id="booking-time-status" role="status" aria-live="polite" className="min-h-5 text-sm text-muted-foreground">
        {status}
      </p>
    </div>
  )
}
