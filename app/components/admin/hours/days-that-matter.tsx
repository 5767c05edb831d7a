import { useQuery } from '@tanstack/react-query'
import { CalendarCheck, CalendarClock, Lock } from 'lucide-react'
import * as React from 'react'
import type { DayHours, DayThatMatters } from '#common/days-that-matter'
import type { HourExceptionRow } from '#common/hours'
import { MESSAGES } from '#common/messages'
import { WEEKDAY_NAMES, dayOfWeek, formatLongDate } from '#common/time'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { useCan } from '~/lib/current-user'
import { daysThatMatterQuery } from '~/lib/queries/notices'
import { ConfirmDialog } from '../confirm'
import { onlyIf } from '../item-actions'
import { lazyDialog } from '../lazy-dialog'
import { EmptyState, QueryView } from '../panel'
import { useExceptionActions } from './use-hours-actions'

const ExceptionDialog = lazyDialog(() => import('./exception-dialog').then((m) => m.ExceptionDialog))

const hoursWords = (h: DayHours) => (h.isClosed ? 'Closed all day' : `Open ${h.openTime} to ${h.closeTime}`)

/** What the form opens with: the day's exception to edit, or a new one for its date and name, starting from the hours that would apply. */
type Editing = { exception: HourExceptionRow } | { preset: { date: string; reason: string; isClosed: boolean; openTime: string; closeTime: string } }

type DayActions = { onClose: () => void; onKeep: () => void; onEdit: () => void }

/** A bank holiday or festive day, with the hours that would apply; its buttons (`actions`) only for a role that may change hours. */
function DayItem({ day, actions }: { day: DayThatMatters; actions?: DayActions }) {
  const weekday = WEEKDAY_NAMES[dayOfWeek(day.date)]
  const titleId = `day-${day.date}-title`
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid={`day-${day.date}`} aria-labelledby={titleId}>
      <div className="min-w-0 flex-1 space-y-1">
        <p id={titleId} className="font-semibold">
          {day.name}
          <span className="font-normal text-muted-foreground"> · {formatLongDate(day.date)}</span>
        </p>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          {day.bankHoliday && <Badge variant="secondary">Bank holiday</Badge>}
          {day.festive && <Badge variant="brass">Christmas &amp; New Year</Badge>}
          {day.exception ? (
            <span>
              <Badge variant={day.hours.isClosed ? 'danger' : 'success'}>{hoursWords(day.hours)}</Badge>
              <span className="ml-2 text-muted-foreground">Set for this date: {day.exception.reason}</span>
            </span>
          ) : (
            <span>
              <Badge variant="warning">Ordinary hours</Badge>
              <span className="ml-2">
                Usual {weekday}: {hoursWords(day.hours).toLowerCase()}
              </span>
            </span>
          )}
        </p>
      </div>
      {actions && (
        <div className="flex flex-wrap gap-2 sm:shrink-0 sm:justify-end" role="group" aria-label={`Hours for ${day.name}`}>
          <DayButtons day={day} {...actions} />
        </div>
      )}
    </li>
  )
}

/** Change hours for a day with its own; otherwise Close all day, Set special hours, and Keep usual hours for a day that opens. */
function DayButtons({ day, onClose, onKeep, onEdit }: { day: DayThatMatters } & DayActions) {
  return day.exception ? (
    <Button type="button" size="sm" variant="outline" onClick={onEdit} {...ExceptionDialog.preloadProps}>
      <CalendarClock aria-hidden="true" />
      Change hours
    </Button>
  ) : (
    <>
      <Button type="button" size="sm" variant="outline" onClick={onClose}>
        <Lock aria-hidden="true" />
        Close all day
      </Button>
      <Button type="button" size="sm" variant="outline" onClick={onEdit} {...ExceptionDialog.preloadProps}>
        <CalendarClock aria-hidden="true" />
        Set special hours
      </Button>
      {!day.hours.isClosed && (
        <Button type="button" size="sm" variant="ghost" onClick={onKeep}>
          <CalendarCheck aria-hidden="true" />
          Keep usual hours
        </Button>
      )}
    </>
  )
}

/**
 * Bank Holidays (issue 36): the bank holidays of England and Wales and the
 * festive days of the next twelve months, each with the hours that would
 * apply. One tap closes a day or keeps its usual hours (an hour exception
 * saved after the usual confirm); Set special hours opens the exception
 * form for the date. The banner across the back-office counts the days of
 * the next 60 still on ordinary hours.
 */
export function DaysThatMatter() {
  const canWrite = useCan('content.write')
  const days = useQuery(daysThatMatterQuery)
  const [editing, setEditing] = React.useState<Editing | null>(null)
  const actions = useExceptionActions({ onSaved: () => setEditing(null) })
  // The one-tap saves use their own mutation: its confirm shows a failure itself, as no form is open.
  const quick = useExceptionActions()

  const ask = (day: DayThatMatters, closed: boolean) =>
    quick.save.ask({
      title: closed ? `Close on ${day.name}?` : `Keep the usual hours on ${day.name}?`,
      description: closed
        ? 'Guests cannot book a table that day. Bookings already made stay: call those guests.'
        : `The usual ${WEEKDAY_NAMES[dayOfWeek(day.date)]} hours, ${hoursWords(day.hours).toLowerCase()}, are kept for the date, and it leaves the banner.`,
      detail: formatLongDate(day.date),
      confirmLabel: closed ? 'Close all day' : 'Keep usual hours',
      destructive: closed,
      variables: {
        values: closed
          ? { date: day.date, isClosed: true, openTime: null, closeTime: null, lastOrdersTime: null, reason: day.name }
          : { date: day.date, isClosed: false, openTime: day.hours.openTime, closeTime: day.hours.closeTime, lastOrdersTime: null, reason: `${day.name}: usual hours` },
      },
    })

  const edit = (day: DayThatMatters) =>
    setEditing(
      day.exception
        ? { exception: { id: day.exception.id, date: day.date, reason: day.exception.reason, version: day.exception.version, lastOrdersTime: day.exception.lastOrdersTime, ...day.hours } }
        : { preset: { date: day.date, reason: day.name, isClosed: false, openTime: day.hours.openTime ?? '', closeTime: day.hours.closeTime ?? '' } },
    )

  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        Bank holidays in England and Wales, with Christmas Eve, Christmas Day, Boxing Day and New Year&apos;s Eve, for the next twelve months, and the hours guests can book on each.
      </p>
      <QueryView
        query={days}
        errorMessage="The bank holidays could not be loaded."
        loading={MESSAGES.loading}
        empty={(list) => list.length === 0 && <EmptyState title="No bank holidays in the next twelve months" />}
      >
        {(list) => (
          <ul className="divide-y divide-border rounded-lg border border-border bg-card" aria-label="Bank holidays and festive days">
            {list.map((day) => (
              <DayItem key={day.date} day={day} actions={onlyIf(canWrite, { onClose: () => ask(day, true), onKeep: () => ask(day, false), onEdit: () => edit(day) })} />
            ))}
          </ul>
        )}
      </QueryView>
      {editing !== null && (
        <ExceptionDialog.Component
          open
          onOpenChange={(open) => !open && setEditing(null)}
          exception={'exception' in editing ? editing.exception : undefined}
          preset={'preset' in editing ? editing.preset : undefined}
          save={actions.save}
        />
      )}
      <ConfirmDialog {...actions.save.dialog} />
      <ConfirmDialog {...quick.save.dialog} />
    </div>
  )
}
