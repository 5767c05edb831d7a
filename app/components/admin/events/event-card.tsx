import { CalendarDays, Clock, ImageOff, Users } from 'lucide-react'
import type { AdminEvent } from '#common/event-schema'
import { formatLongDate, formatTime12 } from '#common/time'
import { Badge } from '~/components/ui/badge'
import { cn } from '~/lib/utils'
import { ItemActions } from '../item-actions'
import { IconDetail } from '../panel'
import { BOOKING_TYPE_LABELS, EVENT_STATUS_LABELS, EVENT_TYPE_LABELS } from './event-filters'
import { guestsText } from '#common/reservation-form'

const STATUS_LOOK: Record<string, 'success' | 'warning' | 'danger'> = { published: 'success', draft: 'warning', cancelled: 'danger' }

/** '7:30 PM – 10:00 PM', or the start alone. */
export const eventTimes = (e: Pick<AdminEvent, 'time' | 'endTime'>) =>
  e.endTime ? `${formatTime12(e.time)} – ${formatTime12(e.endTime)}` : formatTime12(e.time)

/** 'Booked: 12 / 40 guests', or without a capacity '12 guests booked'. */
export function bookedLine(e: Pick<AdminEvent, 'guestsBooked' | 'capacity'>) {
  return e.capacity !== null ? `${e.guestsBooked} / ${e.capacity} guests booked` : `${guestsText(e.guestsBooked)} booked`
}

/**
 * One event as staff scan the list: picture, title and status in words, the
 * short description, when, how many it holds and how many have booked, its
 * tags; Edit, Duplicate and Delete big enough for a thumb.
 */
export function EventCard({
  event: e,
  onEdit,
  onDuplicate,
  onDelete,
  preload,
}: {
  event: AdminEvent
  /** Each action only for a role that may take it: without it, its button is not shown. */
  onEdit?: () => void
  onDuplicate?: () => void
  onDelete?: () => void
  preload?: () => void
}) {
  const titleId = `event-${e.id}-title`
  const status = e.status || 'published'
  const full = e.capacity !== null && e.guestsBooked >= e.capacity
  return (
    <article aria-labelledby={titleId} data-testid={`event-${e.id}`} className={cn('flex h-full flex-col overflow-hidden rounded-lg border border-border bg-card shadow-sm', status === 'cancelled' && 'border-dashed bg-muted/40')}>
      {e.image ? (
        <img src={e.image} alt="" loading="lazy" className="aspect-[2/1] w-full bg-muted object-cover" />
      ) : (
        <div className="flex h-12 w-full items-center justify-center gap-2 bg-muted text-sm text-muted-foreground">
          <ImageOff className="size-4" aria-hidden="true" />
          No image
        </div>
      )}
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={titleId} className="min-w-0 break-words text-lg font-semibold leading-tight">
            {e.title}
          </h3>
          <Badge variant={STATUS_LOOK[status] ?? 'outline'} data-status={status}>
            {EVENT_STATUS_LABELS[status] ?? status}
          </Badge>
        </div>
        <p className="text-sm text-muted-foreground">
          {EVENT_TYPE_LABELS[e.type] ?? e.type} · {BOOKING_TYPE_LABELS[e.bookingType] ?? e.bookingType}
          {e.price ? ` · ${e.price}` : ''}
        </p>
        {(e.shortDescription || e.description) && <p className="line-clamp-3 text-sm">{e.shortDescription || e.description}</p>}
        <dl className="grid gap-1 text-sm">
          <IconDetail icon={CalendarDays} label="Date" valueClassName="font-semibold">{formatLongDate(e.date)}</IconDetail>
          <IconDetail icon={Clock} label="Time">{eventTimes(e)}</IconDetail>
          <div className="flex flex-wrap items-center gap-2">
            <dt>
              <Users className="size-4 text-muted-foreground" aria-hidden="true" />
              <span className="sr-only">Capacity and bookings</span>
            </dt>
            <dd>{e.capacity !== null ? `Capacity: ${e.capacity}` : 'No capacity set'}</dd>
            <dd data-testid="guests-booked" className={cn('font-semibold', full && 'text-destructive')}>
              · {bookedLine(e)}
              {full ? ' (full)' : ''}
            </dd>
          </div>
        </dl>
        {e.tags.length > 0 && (
          <ul aria-label="Tags" className="flex flex-wrap gap-1">
            {e.tags.map((tag) => (
              <li key={tag}>
                <Badge variant="secondary">{tag}</Badge>
              </li>
            ))}
          </ul>
        )}
        <ItemActions label={e.title} onEdit={onEdit} onDuplicate={onDuplicate} onDelete={onDelete} preload={preload} className="mt-auto pt-1" />
      </div>
    </article>
  )
}
