import { X } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { FOOD_DRINKS_LABELS } from '#common/constants'
import { confirmationWords, type PublicReservation } from '#common/reservation-form'
import { formatLongDate, formatTime12 } from '#common/time'
import { Button } from '~/components/ui/button'

/**
 * The success dialog: 'Booking Confirmed', or 'Reservation Received' above 6
 * guests. A native modal <dialog> (focus moves in and stays, Escape closes, the
 * page behind is inert) keeps the page's JavaScript small.
 */
export function BookingConfirmation({
  reservation,
  venuePhone,
  onOpenChange,
}: {
  reservation: PublicReservation | null
  venuePhone: string
  onOpenChange: (open: boolean) => void
}) {
  const words = confirmationWords(reservation?.partySize ?? 0, venuePhone)
  const ref = useRef<HTMLDialogElement>(null)
  const continueRef = useRef<HTMLAnchorElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (reservation && !dialog.open) {
      dialog.showModal()
      // Start on the dialog's one action rather than its close button.
      continueRef.current?.focus()
    }
    if (!reservation && dialog.open) dialog.close()
  }, [reservation])

  return (
    <dialog
      ref={ref}
      aria-labelledby="booking-confirmation-title"
      aria-describedby="booking-confirmation-text"
      onClose={() => onOpenChange(false)}
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-lg border border-border bg-background p-0 text-foreground shadow-xl backdrop:bg-black/70"
    >
      {reservation && (
        <div className="relative grid gap-4 p-6">
          <button
            type="button"
            onClick={() => onOpenChange(false)}
            className="absolute right-4 top-4 rounded-sm opacity-80 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
          >
            <X className="size-5" aria-hidden="true" />
            <span className="sr-only">Close</span>
          </button>
          <div className="flex flex-col gap-1.5 pr-6">
            <h2 id="booking-confirmation-title" className="font-display text-2xl font-semibold leading-tight">
              {words.title}
            </h2>
            <p id="booking-confirmation-text" className="text-sm text-muted-foreground">
              {words.text}
            </p>
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 rounded-md bg-muted p-4 text-sm [overflow-wrap:anywhere]">
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
                <dd className="whitespace-pre-line">{reservation.additionalInfo}</dd>
              </>
            )}
          </dl>
          <div className="flex justify-end">
            <Button asChild>
              <Link ref={continueRef} to="/">
                Continue
              </Link>
            </Button>
          </div>
        </div>
      )}
    </dialog>
  )
}
