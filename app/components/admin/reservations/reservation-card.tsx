import { Armchair, Check, Eye, Mail, MailX, Phone, Users, X } from 'lucide-react'
import { ADMIN_RESERVATION_MESSAGES, type AdminReservation } from '#common/admin-reservations-schema'
import { FOOD_DRINKS_LABELS } from '#common/constants'
import { formatShortDate, formatTime12 } from '#common/time'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { telHref } from '~/lib/tel'
import { cn } from '~/lib/utils'
import { ItemActions } from '../item-actions'
import { IconDetail } from '../panel'
import type { VisitState } from '#common/visit'
import { GuestLine } from './guest-line'
import { GuestConfirmationBadge, NeedsTableBadge, StatusBadge } from './status-badge'
import { tablesText } from './seating-text'
import { VisitBadges, VisitButtons } from './visit-controls'
import { guestsText } from '#common/reservation-form'

export type CardActions = {
  onView: () => void
  onEdit: () => void
  /** For a role that may delete bookings (managers and owners): without it, Delete is not shown. */
  onDelete?: () => void
  onConfirm: () => void
  onCancel: () => void
  /** Starts loading the edit form as staff reach for Edit. */
  preloadEdit?: () => void
  /** The visit's next step or its undo (issue 35): given to staff who run the service. */
  onVisit?: (state: VisitState) => void
  /** A visit step of this booking is on its way. */
  visitBusy?: boolean
}


/**
 * One booking as staff scan it behind the bar: the time first, then who, how
 * many and the status in words; contact details one tap away; actions big
 * enough for a thumb. A pending booking can be confirmed here, and a pending
 * or confirmed one cancelled (the prompt says whether the guest is emailed).
 */
export function ReservationCard({
  reservation: r,
  actions,
  where,
  today,
  nowMinutes,
  titleAs: Title = 'h3',
}: {
  reservation: AdminReservation
  actions: CardActions
  /** The venue's today: the visit is shown, and its steps offered, on the booking's day. */
  today: string
  /** The venue's minutes now, today: a party seated past its time says so. */
  nowMinutes?: number
  /** A search result's place and date (issue 36). */
  where?: string
  /** h4 under a search's group headings. */
  titleAs?: 'h3' | 'h4'
}) {
  const titleId = `reservation-${r.id}-name`
  return (
    <article
      aria-labelledby={titleId}
      data-testid={`reservation-${r.id}`}
      className={cn('flex flex-col gap-3 rounded-lg border border-border bg-card p-4 shadow-sm sm:flex-row', r.status === 'cancelled' && 'opacity-75')}
    >
      <div className="flex shrink-0 items-baseline gap-2 sm:w-32 sm:flex-col sm:gap-1">
        <p className="whitespace-nowrap font-display text-2xl font-bold leading-none">{formatTime12(r.startTime)}</p>
        <p className="text-sm text-muted-foreground">{formatShortDate(r.date)}</p>
      </div>
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <Title id={titleId} className="text-lg font-semibold leading-tight">
            {r.name}
          </Title>
          <StatusBadge status={r.status} />
          <VisitBadges reservation={r} today={today} nowMinutes={nowMinutes} />
          {where && (
            // A search result says where it is (issue 36): 'Today', 'Upcoming' or 'Past', and its date.
            <Badge variant="outline" data-testid="search-place">
              {where}
            </Badge>
          )}
          <GuestConfirmationBadge reservation={r} />
          <NeedsTableBadge reservation={r} />
        </div>
        <GuestLine reservationId={r.id} status={r.status} />
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
          <IconDetail icon={Users} label="Party size" valueClassName="font-semibold">{guestsText(r.partySize)}</IconDetail>
          {r.tables.length > 0 && (
            <IconDetail icon={Armchair} label={r.tables.length === 1 ? 'Table' : 'Tables'} valueClassName="font-semibold">
              {tablesText(r.tables)}
            </IconDetail>
          )}
          <div className="flex items-center gap-2">
            <dt className="text-muted-foreground">Preference</dt>
            <dd>{FOOD_DRINKS_LABELS[r.foodDrinks]}</dd>
          </div>
          {r.email ? (
            <IconDetail icon={Mail} label="Email" className="min-w-0" valueClassName="min-w-0 truncate">
              <a className="underline-offset-2 hover:underline" href={`mailto:${r.email}`}>
                {r.email}
              </a>
            </IconDetail>
          ) : (
            // A phone or walk-in booking taken without an email (issue 36): nothing is ever sent to its guest.
            <IconDetail icon={MailX} label="Email" valueClassName="font-semibold">
              {ADMIN_RESERVATION_MESSAGES.noEmail}
            </IconDetail>
          )}
          {r.phone && (
            <IconDetail icon={Phone} label="Phone">
              <a className="underline-offset-2 hover:underline" href={telHref(r.phone)}>
                {r.phone}
              </a>
            </IconDetail>
          )}
        </dl>
        {r.additionalInfo && (
          // The padding is outside the clamped text: on the text itself it would show the top of a third line.
          <div className="rounded-md bg-accent px-3 py-2 text-sm">
            <p className="line-clamp-2">{r.additionalInfo}</p>
          </div>
        )}
        <ItemActions groupLabel={`Actions for ${r.name}`} onEdit={actions.onEdit} onDelete={actions.onDelete} preload={actions.preloadEdit} className="pt-1 print:hidden">
          {actions.onVisit && r.status === 'confirmed' && r.date === today && (
            <VisitButtons reservation={r} onMove={actions.onVisit} busy={actions.visitBusy === true} />
          )}
          {r.status === 'pending' && (
            <Button type="button" size="sm" onClick={actions.onConfirm}>
              <Check aria-hidden="true" />
              Confirm
            </Button>
          )}
          {r.status !== 'cancelled' && (
            <Button type="button" size="sm" variant="outline" onClick={actions.onCancel}>
              <X aria-hidden="true" />
              Cancel booking
            </Button>
          )}
          <Button type="button" size="sm" variant="outline" onClick={actions.onView}>
            <Eye aria-hidden="true" />
            View details
          </Button>
        </ItemActions>
      </div>
    </article>
  )
}
