import * as React from 'react'
import type { AdminReservation } from '../../../../common/admin-reservations'
import { FOOD_DRINKS_LABELS } from '../../../../common/constants'
import { formatInstant, formatLongDate, formatTime12 } from '../../../../common/time'
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '~/components/ui/dialog'
import { telHref } from '~/lib/tel'
import { AdminContext } from '../admin-context'
import { DetailRow } from '../panel'
import { StatusBadge } from './status-badge'

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
              <DetailRow label="Status">
                <StatusBadge status={r.status} />
              </DetailRow>
              <DetailRow label="Date">{formatLongDate(r.date)}</DetailRow>
              <DetailRow label="Time">{formatTime12(r.startTime)}</DetailRow>
              <DetailRow label="Party size">{r.partySize}</DetailRow>
              <DetailRow label="Email">
                <a className="underline" href={`mailto:${r.email}`}>
                  {r.email}
                </a>
              </DetailRow>
              <DetailRow label="Phone">
                <a className="underline" href={telHref(r.phone)}>
                  {r.phone}
                </a>
              </DetailRow>
              <DetailRow label="Preference">{FOOD_DRINKS_LABELS[r.foodDrinks]}</DetailRow>
              <DetailRow label="Additional information">{r.additionalInfo || 'None'}</DetailRow>
              <DetailRow label="Booked at">{formatInstant(r.createdAt, venueTimezone)}</DetailRow>
              {r.updatedAt !== r.createdAt && <DetailRow label="Last changed">{formatInstant(r.updatedAt, venueTimezone)}</DetailRow>}
              <DetailRow label="Offers by email">{r.receiveOffers ? 'Yes' : 'No'}</DetailRow>
            </dl>
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}
