import * as React from 'react'
import type { AdminReservation } from '../../../../common/admin-reservations'
import { FOOD_DRINKS_LABELS } from '../../../../common/constants'
import { formatInstant, formatLongDate, formatTime12 } from '../../../../common/time'
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '~/components/ui/dialog'
import { telHref } from '~/lib/tel'
import { AdminContext } from '../admin-context'
import { StatusBadge } from './status-badge'

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-border py-2 last:border-0 sm:grid-cols-[10rem_1fr]">
      <dt className="text-sm font-semibold text-muted-foreground">{label}</dt>
      <dd className="whitespace-pre-line break-words">{children}</dd>
    </div>
  )
}

/** View details (SPEC.md section 2): the card's fields plus the additional information and when it was booked. */
export function ReservationDetails({ reservation: r, onOpenChange }: { reservation: AdminReservation | null; onOpenChange: (open: boolean) => void }) {
  const { venueTimezone } = React.useContext(AdminContext)
  return (
    <Dialog open={r !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        {r && (
          <>
            <DialogHeader>
              <DialogTitle>{r.name}</DialogTitle>
            </DialogHeader>
            <dl>
              <Row label="Status">
                <StatusBadge status={r.status} />
              </Row>
              <Row label="Date">{formatLongDate(r.date)}</Row>
              <Row label="Time">{formatTime12(r.startTime)}</Row>
              <Row label="Party size">{r.partySize}</Row>
              <Row label="Email">
                <a className="underline" href={`mailto:${r.email}`}>
                  {r.email}
                </a>
              </Row>
              <Row label="Phone">
                <a className="underline" href={telHref(r.phone)}>
                  {r.phone}
                </a>
              </Row>
              <Row label="Preference">{FOOD_DRINKS_LABELS[r.foodDrinks]}</Row>
              <Row label="Additional information">{r.additionalInfo || 'None'}</Row>
              <Row label="Booked at">{formatInstant(r.createdAt, venueTimezone)}</Row>
              {r.updatedAt !== r.createdAt && <Row label="Last changed">{formatInstant(r.updatedAt, venueTimezone)}</Row>}
              <Row label="Offers by email">{r.receiveOffers ? 'Yes' : 'No'}</Row>
            </dl>
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}
