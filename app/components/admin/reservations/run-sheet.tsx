import type { AdminReservation } from '#common/admin-reservations-schema'
import { FOOD_DRINKS_LABELS } from '#common/constants'
import { formatLongDate, formatTime12 } from '#common/time'
import { GuestLine } from './guest-line'
import { freeAgainAt, seatingText } from './seating-text'
import { guestsText } from '#common/reservation-form'

/**
 * The day's bookings as one printed sheet for the pass and the bar: shown
 * only when printing (the rest of the back-office is hidden then). The guest's
 * line (visits, no-shows, allergies, tags) comes from the panel's GuestLinesContext.
 * Where the venue books tables, each party's table (or that it still needs
 * one), and when it is free again.
 */
export function RunSheet({ date, reservations, covers }: { date: string; reservations: AdminReservation[]; covers: number }) {
  const active = reservations.filter((r) => r.status !== 'cancelled')
  const seated = active.some((r) => r.tables.length > 0 || r.needsTable)
  return (
    <section className="hidden print:block" aria-label="Run sheet">
      <h2 className="text-xl font-bold">Run sheet: {formatLongDate(date)}</h2>
      <p className="mb-3 text-sm">
        {active.length} {active.length === 1 ? 'booking' : 'bookings'}, {guestsText(covers)}
      </p>
      <table className="w-full border-collapse text-sm">
        <thead>
          <tr className="border-b-2 border-black text-left">
            <th scope="col" className="py-1 pr-2">Time</th>
            <th scope="col" className="py-1 pr-2">Name</th>
            <th scope="col" className="py-1 pr-2">Guest</th>
            <th scope="col" className="py-1 pr-2">Guests</th>
            {seated && <th scope="col" className="py-1 pr-2">Table</th>}
            <th scope="col" className="py-1 pr-2">Phone</th>
            <th scope="col" className="py-1 pr-2">Preference</th>
            <th scope="col" className="py-1 pr-2">Status</th>
            <th scope="col" className="py-1">Notes</th>
          </tr>
        </thead>
        <tbody>
          {active.map((r) => (
            <tr key={r.id} className="break-inside-avoid border-b border-gray-400 align-top">
              <td className="py-1 pr-2 whitespace-nowrap">
                <span className="font-bold">{formatTime12(r.startTime)}</span>
                <span className="block text-xs">to {formatTime12(freeAgainAt(r))}</span>
              </td>
              <td className="py-1 pr-2">{r.name}</td>
              <td className="py-1 pr-2">
                <GuestLine reservationId={r.id} status={r.status} />
              </td>
              <td className="py-1 pr-2">{r.partySize}</td>
              {seated && <td className="py-1 pr-2 font-semibold">{seatingText(r)}</td>}
              <td className="py-1 pr-2 whitespace-nowrap">{r.phone}</td>
              <td className="py-1 pr-2">{FOOD_DRINKS_LABELS[r.foodDrinks]}</td>
              <td className="py-1 pr-2">{r.status === 'pending' ? 'Pending' : 'Confirmed'}</td>
              <td className="py-1 whitespace-pre-line">{r.additionalInfo}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
