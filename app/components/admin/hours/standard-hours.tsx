import { useQuery } from '@tanstack/react-query'
import * as React from 'react'
import { DEFAULT_OPEN, HALF_HOURS, type OpeningHoursRow } from '#common/hours'
import type { OpeningHoursChange } from '#common/hours-schema'
import { LAST_ORDERS_MESSAGES } from '#common/last-orders'
import { hasOwnServices, servicesSummary } from '#common/services'
import { WEEKDAY_NAMES } from '#common/time'
import { NativeSelect } from '~/components/forms/fields'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Label } from '~/components/ui/label'
import { Switch } from '~/components/ui/switch'
import { useCan } from '~/lib/current-user'
import { weekQuery } from '~/lib/queries/hours'
import { ConfirmDialog } from '../confirm'
import { ErrorState, LoadingState } from '../panel'
import { ServicesDialog, type ServicesTarget } from './services-dialog'
import { useDayChange, useServicesChange } from './use-hours-actions'

const TIME_OPTIONS = HALF_HOURS.map((t) => ({ value: t, label: t }))
const BLANK = { value: '', label: 'Not set' }
const UNTIL_CLOSE = { value: '', label: LAST_ORDERS_MESSAGES.untilClose }

/** The last orders a day can take: its half hours from open to close (common/last-orders.ts), and food until close. */
function lastOrdersOptions(row: OpeningHoursRow) {
  const within = row.openTime && row.closeTime ? HALF_HOURS.filter((t) => t >= row.openTime! && t <= row.closeTime!) : HALF_HOURS
  // A stored time the hours no longer take is still shown, so the select says what is saved.
  const times = row.lastOrdersTime && !within.includes(row.lastOrdersTime) ? [row.lastOrdersTime, ...within] : within
  return [UNTIL_CLOSE, ...times.map((t) => ({ value: t, label: t }))]
}

/** What a change to one day does, in words, for the confirm dialog. */
function describe(day: string, row: OpeningHoursRow, change: OpeningHoursChange): { title: string; description: string } {
  if ('isClosed' in change) {
    if (change.isClosed) {
      return { title: `Close ${day}s?`, description: `Guests will not be able to book a table on any ${day}, except on dates an exception opens.` }
    }
    // A day never opened has no times: the server opens it with the default hours, and the prompt says which.
    const { openTime, closeTime } = row.openTime && row.closeTime ? { openTime: row.openTime, closeTime: row.closeTime } : DEFAULT_OPEN
    const after = row.openTime && row.closeTime ? '' : ' Change the times after saving if they are not right.'
    return { title: `Open ${day}s?`, description: `Guests will be able to book a table on ${day}s from ${openTime} to ${closeTime}.${after}` }
  }
  if ('lastOrdersTime' in change) {
    return change.lastOrdersTime
      ? { title: `Change ${day}'s last orders?`, description: `Guests booking a table on ${day}s at ${change.lastOrdersTime} or later will be offered drinks only. Bookings already made are kept.` }
      : { title: `Serve food until close on ${day}s?`, description: `Guests will be able to book Food & Drinks at any time on ${day}s. Bookings already made are kept.` }
  }
  const [which, time] = 'openTime' in change ? ['open', change.openTime] : ['close', change.closeTime]
  return { title: `Change ${day}'s hours?`, description: `Set ${day}'s ${which} time to ${time}. Bookings already made are kept.` }
}

/**
 * Standard Hours (SPEC.md section 2): one row a weekday, Sunday to Saturday,
 * with an Open switch, open and close times every half hour, and the
 * kitchen's last orders (issue 36: within the day's hours). Each change
 * is one request, after a confirm. Without content.write (staff) the
 * controls show the week, disabled.
 */
export function StandardHours() {
  const canWrite = useCan('content.write')
  const week = useQuery(weekQuery)
  const day = useDayChange()
  const [servicesOf, setServicesOf] = React.useState<ServicesTarget | null>(null)
  const services = useServicesChange({ onSaved: () => setServicesOf(null) })

  const change = (row: OpeningHoursRow, next: OpeningHoursChange) => {
    const name = WEEKDAY_NAMES[row.dayOfWeek]!
    day.ask({ ...describe(name, row, next), confirmLabel: 'Save', variables: { dayOfWeek: row.dayOfWeek, change: next, version: row.version } })
  }
  // Someone else changed the day in between: the confirm says who and when, and the week is read again to show it.
  const stale = Boolean(day.stale)
  React.useEffect(() => {
    if (stale) void week.refetch()
  }, [stale]) // eslint-disable-line react-hooks/exhaustive-deps
  const servicesStale = Boolean(services.stale)
  React.useEffect(() => {
    if (servicesStale) void week.refetch()
  }, [servicesStale]) // eslint-disable-line react-hooks/exhaustive-deps

  if (week.isPending) return <LoadingState />
  if (week.isError) return <ErrorState message="The opening hours could not be loaded." onRetry={() => void week.refetch()} />

  return (
    <>
      <ul className="divide-y divide-border rounded-lg border border-border bg-card" aria-label="Opening hours by day">
        {week.data.map((row) => {
          const name = WEEKDAY_NAMES[row.dayOfWeek]!
          const open = !row.isClosed
          return (
            <li key={row.dayOfWeek} className="grid grid-cols-2 gap-3 p-4 sm:grid-cols-[9rem_8rem_1fr_1fr_1fr_auto] sm:items-center" data-testid={`hours-${row.dayOfWeek}`}>
              <p className="flex items-center gap-2 font-semibold">
                {name}
                {!open && <Badge variant="danger">Closed</Badge>}
              </p>
              <div className="flex items-center justify-end gap-2 sm:justify-start">
                <Switch id={`open-${row.dayOfWeek}`} checked={open} disabled={!canWrite} onCheckedChange={(checked) => change(row, { isClosed: !checked })} />
                <Label htmlFor={`open-${row.dayOfWeek}`}>
                  Open<span className="sr-only"> on {name}</span>
                </Label>
              </div>
              <div className="grid gap-1">
                <Label htmlFor={`opens-${row.dayOfWeek}`} className="text-xs text-muted-foreground">
                  Opens<span className="sr-only"> on {name}</span>
                </Label>
                <NativeSelect
                  id={`opens-${row.dayOfWeek}`}
                  value={row.openTime ?? ''}
                  disabled={!open || !canWrite}
                  options={row.openTime ? TIME_OPTIONS : [BLANK, ...TIME_OPTIONS]}
                  onChange={(e) => change(row, { openTime: e.target.value })}
                />
              </div>
              <div className="grid gap-1">
                <Label htmlFor={`closes-${row.dayOfWeek}`} className="text-xs text-muted-foreground">
                  Closes<span className="sr-only"> on {name}</span>
                </Label>
                <NativeSelect
                  id={`closes-${row.dayOfWeek}`}
                  value={row.closeTime ?? ''}
                  disabled={!open || !canWrite}
                  options={row.closeTime ? TIME_OPTIONS : [BLANK, ...TIME_OPTIONS]}
                  onChange={(e) => change(row, { closeTime: e.target.value })}
                />
              </div>
              <div className="grid gap-1">
                <Label htmlFor={`last-orders-${row.dayOfWeek}`} className="text-xs text-muted-foreground">
                  Kitchen last orders<span className="sr-only"> on {name}</span>
                </Label>
                <NativeSelect
                  id={`last-orders-${row.dayOfWeek}`}
                  value={row.lastOrdersTime ?? ''}
                  disabled={!open || !canWrite}
                  options={lastOrdersOptions(row)}
                  onChange={(e) => change(row, { lastOrdersTime: e.target.value || null })}
                />
              </div>
              {canWrite && open && row.openTime && row.closeTime ? (
                // Booking services (issue 36): a day with none of its own takes bookings over its hours, as before.
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className="justify-self-start sm:justify-self-end"
                  onClick={() =>
                    setServicesOf({ label: name, kind: 'weekday', id: row.dayOfWeek, openTime: row.openTime!, closeTime: row.closeTime!, services: row.services, version: row.version })
                  }
                >
                  Edit services<span className="sr-only"> on {name}</span>
                </Button>
              ) : (
                <span aria-hidden="true" />
              )}
              {open && hasOwnServices(row) && (
                <p className="col-span-2 text-sm sm:col-span-6" data-testid={`services-${row.dayOfWeek}`}>
                  <span className="sr-only">{name}'s booking services: </span>
                  {servicesSummary(row.services!)}
                </p>
              )}
            </li>
          )
        })}
      </ul>
      <ConfirmDialog {...day.dialog} />
      <ServicesDialog target={servicesOf} onOpenChange={(next) => !next && setServicesOf(null)} save={services} />
    </>
  )
}
