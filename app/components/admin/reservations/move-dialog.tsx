import * as React from 'react'
import type { AdminReservation } from '#common/admin-reservations-schema'
import { formatLongDate } from '#common/time'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog'
import { Label } from '~/components/ui/label'
import { FormDialogFooter } from '../form-dialog-footer'
import { TablePicker } from './table-picker'
import type { useReservationActions } from './use-reservation-actions'
import { guestsText } from '#common/reservation-form'

/**
 * The timeline's Move dialog (issue 34): the keyboard's way to do what a drag
 * does. Staff pick the time and the tables (free ones first, a taken one
 * saying by whom); Save sends the move at the version the timeline read, and
 * a refusal (a table taken, the booking changed meanwhile) stays here in the
 * server's words.
 */
export function MoveDialog({
  open,
  onOpenChange,
  reservation: r,
  date,
  slots,
  move,
  refusal,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  reservation: AdminReservation
  date: string
  slots: string[]
  move: ReturnType<typeof useReservationActions>['move']
  /** Why the server refused the last move, in its words. */
  refusal: string | null
}) {
  const [startTime, setStartTime] = React.useState(r.startTime)
  const [picked, setPicked] = React.useState<number[] | null>(r.tables.map((t) => t.id))
  const sent = React.useRef(false)
  const times = slots.includes(r.startTime) ? slots : [...slots, r.startTime].sort()

  // Saved: the dialog closes once the server said yes (a refusal keeps it open with the reason). Only a request
  // this dialog sent and saw running counts.
  const running = React.useRef(false)
  React.useEffect(() => {
    if (!sent.current) return
    if (move.pending) {
      running.current = true
      return
    }
    if (!running.current) return
    sent.current = false
    running.current = false
    if (!refusal) onOpenChange(false)
  }, [move.pending, refusal, onOpenChange])

  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    sent.current = true
    move.run({ reservation: r, tableIds: picked ?? [], startTime })
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !move.pending && onOpenChange(next)}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Move {r.name}</DialogTitle>
            <DialogDescription>
              {guestsText(r.partySize)} on {formatLongDate(date)}, now at {r.startTime}
              {r.tables.length ? ` at ${r.tables.map((t) => t.name).join(' + ')}` : ' with no table'}.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-1">
            <Label htmlFor="move-time">Time</Label>
            <select
              id="move-time"
              value={startTime}
              onChange={(e) => setStartTime(e.target.value)}
              className="h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {times.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </div>
          <TablePicker
            query={{ date, time: startTime, partySize: r.partySize, exceptId: r.id }}
            picked={picked}
            onChange={setPicked}
            error={refusal ?? undefined}
          />
          <FormDialogFooter submitLabel="Save" pending={move.pending} onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  )
}
