/**
 * 'Test a booking': would a party of N be offered this time, and if not, why?
 * Asks the engine's explain endpoint (GET /api/admin/availability/explain),
 * which answers `{ offered, reasons: [{ code, message }], tables }`: offered,
 * it says the tables a guest booking would sit at, or that it would be a
 * request without a table (a large party nothing fits online).
 */
import { useMutation } from '@tanstack/react-query'
import { CircleCheck, CircleX, Search } from 'lucide-react'
import * as React from 'react'
import { TextField } from '~/components/forms/fields'
import { Button } from '~/components/ui/button'
import { ApiError } from '~/lib/api'
import { fetchExplanation } from '~/lib/queries/reservations'
import { useVenueDays } from '../admin-context'
import { tablesText } from '../reservations/seating-text'

export function TestBooking() {
  const { today } = useVenueDays()
  const [date, setDate] = React.useState(today)
  const [time, setTime] = React.useState('19:30')
  const [partySize, setPartySize] = React.useState('4')
  const [problem, setProblem] = React.useState<string | null>(null)
  const check = useMutation({ mutationFn: fetchExplanation })
  const answer = check.data

  return (
    <section aria-labelledby="test-booking-title" className="space-y-3 rounded-lg border border-border bg-card p-4">
      <h2 id="test-booking-title" className="font-display text-xl font-semibold">
        Test a Booking
      </h2>
      <p className="text-sm text-muted-foreground">Would this party be offered this time online, and if not, why not? Nothing is booked.</p>
      <form
        noValidate
        className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_1fr_auto]"
        onSubmit={(e) => {
          e.preventDefault()
          const n = Number(partySize)
          if (!date || !time || !Number.isInteger(n) || n < 1) {
            setProblem('Enter a date, a time and a party size of 1 or more.')
            return
          }
          setProblem(null)
          check.mutate({ date, time, partySize: n })
        }}
      >
        <TextField label="Date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        <TextField label="Time" type="time" step={900} value={time} onChange={(e) => setTime(e.target.value)} />
        <TextField label="Party size" inputMode="numeric" value={partySize} onChange={(e) => setPartySize(e.target.value)} />
        <Button type="submit" pending={check.isPending}>
          <Search aria-hidden="true" />
          {check.isPending ? 'Checking...' : 'Check'}
        </Button>
      </form>
      <div aria-live="polite" data-testid="test-booking-answer">
        {problem ? (
          <p className="text-sm font-semibold text-destructive">{problem}</p>
        ) : check.isError ? (
          <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive">
            <p className="font-semibold">The check could not be made.</p>
            <p>{check.error instanceof ApiError ? `${check.error.status}: ${check.error.serverMessage}` : 'The server could not be reached.'}</p>
          </div>
        ) : answer ? (
          <div className="space-y-2 rounded-md border border-border p-3">
            <p className="flex items-center gap-2 font-semibold">
              {answer.offered ? <CircleCheck aria-hidden="true" className="size-5 text-forest" /> : <CircleX aria-hidden="true" className="size-5 text-destructive" />}
              {!answer.offered
                ? 'Not offered'
                : answer.tables.length
                  ? `Offered at ${tablesText(answer.tables)}`
                  : answer.reasons.length
                    ? 'Offered as a request, without a table'
                    : 'Offered'}
            </p>
            {answer.reasons.length > 0 && (
              <ul className="list-disc space-y-1 pl-6 text-sm">
                {answer.reasons.map((r, i) => (
                  <li key={i}>
                    {r.message} <span className="text-muted-foreground">({r.code})</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ) : null}
      </div>
    </section>
  )
}
