import { Link } from 'react-router'
import { FOOD_DRINKS_LABELS, LARGE_PARTY_THRESHOLD } from '../../../common/constants'
import { RESERVATION_MESSAGES, type PublicReservation } from '../../../common/reservation'
import { formatLongDate, formatTime12 } from '../../../common/time'
import { Button } from '~/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '~/components/ui/dialog'

/** The success dialog: 'Booking Confirmed', or 'Reservation Received' above 6 guests. */
export function BookingConfirmation({
  reservation,
  venuePhone,
  onOpenChange,
}: {
  reservation: PublicReservation | null
  venuePhone: string
  onOpenChange: (open: boolean) => void
}) {
  const large = (reservation?.partySize ?? 0) > LARGE_PARTY_THRESHOLD
  return (
    <Dialog open={reservation !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        {reservation && (
          <>
            <DialogHeader>
              <DialogTitle>{large ? RESERVATION_MESSAGES.receivedTitle : RESERVATION_MESSAGES.confirmedTitle}</DialogTitle>
              <DialogDescription>
                {large
                  ? `Thank you. We will contact you within 24 hours to confirm your table. You can also call us on ${venuePhone}.`
                  : 'Thank you. Your table is booked and we look forward to seeing you.'}
              </DialogDescription>
            </DialogHeader>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-md bg-muted p-4 text-sm">
              <dt className="font-semibold">Name</dt>
              <dd>{reservation.name}</dd>
              <dt className="font-semibold">Date</dt>
              <dd>{formatLongDate(reservation.date)}</dd>
              <dt className="font-semibold">Time</dt>
              <dd>{formatTime12(reservation.startTime)}</dd>
              <dt className="font-semibold">Guests</dt>
              <dd>{reservation.partySize}</dd>
              <dt className="font-semibold">Preference</dt>
              <dd>{FOOD_DRINKS_LABELS[reservation.foodDrinks]}</dd>
              {reservation.additionalInfo && (
                <>
                  <dt className="font-semibold">Special requests</dt>
                  <dd className="whitespace-pre-line break-words">{reservation.additionalInfo}</dd>
                </>
              )}
            </dl>
            <DialogFooter>
              <Button asChild>
                <Link to="/">Continue</Link>
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}
