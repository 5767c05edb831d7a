import * as React from 'react'
import { HALF_HOURS } from '#common/hours'
import { ServicesSchema } from '#common/hours-schema'
import { MAX_SERVICES, servicesProblem, type BookingService } from '#common/services'
import { FormError, SelectField, TextField } from '~/components/forms/fields'
import { Button } from '~/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog'
import { FormDialogFooter } from '../form-dialog-footer'
import type { useServicesChange } from './use-hours-actions'

type Row = { key: number; name: string; startTime: string; endTime: string; pacing: string }

let nextKey = 0
const toRow = (s: BookingService): Row => ({ key: ++nextKey, name: s.name, startTime: s.startTime, endTime: s.endTime, pacing: s.maxCoversPerSlot ? String(s.maxCoversPerSlot) : '' })
const toService = (r: Row) => ({ name: r.name, startTime: r.startTime, endTime: r.endTime, maxCoversPerSlot: r.pacing.trim() === '' ? null : Number(r.pacing) })

export type ServicesTarget = {
  /** What the dialog is about: 'Friday', or an exception's reason and date. */
  label: string
  kind: 'weekday' | 'exception'
  /** The weekday (0-6) or the exception's id. */
  id: number
  openTime: string
  closeTime: string
  services: readonly BookingService[] | null | undefined
  version: number
}

/**
 * Edit services (issue 36, item 1): a day's booking services, each a name, a
 * start, an end and optionally its own pacing; none (Remove all) makes the day
 * one service over its hours, as before. Checked here with the server's own
 * rules (common/services.ts), and the server's answer shown if it refuses.
 */
export function ServicesDialog({
  target,
  onOpenChange,
  save,
}: {
  target: ServicesTarget | null
  onOpenChange: (open: boolean) => void
  save: ReturnType<typeof useServicesChange>
}) {
  const [rows, setRows] = React.useState<Row[]>([])
  const [problem, setProblem] = React.useState<string>()
  const open = target !== null

  React.useEffect(() => {
    if (!target) return
    const own = target.services ?? []
    setRows(own.length ? own.map(toRow) : [toRow({ name: 'Service', startTime: target.openTime, endTime: target.closeTime })])
    setProblem(undefined)
    save.clearError()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target?.kind, target?.id, target?.version])

  if (!target) return null
  const times = HALF_HOURS.filter((t) => t >= target.openTime && t <= target.closeTime).map((t) => ({ value: t, label: t }))
  const update = (key: number, change: Partial<Row>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)))

  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    const services = rows.map(toService)
    const parsed = ServicesSchema.safeParse(services)
    const message = parsed.success
      ? servicesProblem({ isClosed: false, openTime: target.openTime, closeTime: target.closeTime, services: parsed.data })
      : parsed.error.issues[0]?.message
    setProblem(message)
    if (message) return
    // One service over the whole day is the day with no services of its own.
    const whole = services.length === 1 && services[0]!.startTime === target.openTime && services[0]!.endTime === target.closeTime && !services[0]!.maxCoversPerSlot
    save.run({ kind: target.kind, id: target.id, services: whole ? [] : services, version: target.version })
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !save.pending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{target.label}: booking services</DialogTitle>
          <DialogDescription>
            Guests book start times within a service, every half hour from its start, the last before its end; none between services. The day is open {target.openTime} to {target.closeTime}.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" noValidate onSubmit={submit}>
          <FormError message={problem ?? save.error} />
          <ul className="grid gap-3" aria-label="Services">
            {rows.map((row, i) => (
              <li key={row.key} className="grid grid-cols-2 gap-2 rounded-md border border-border p-3 sm:grid-cols-3 sm:items-end">
                <TextField label={`Service ${i + 1} name`} value={row.name} maxLength={40} fieldClassName="col-span-2 sm:col-span-3" onChange={(e) => update(row.key, { name: e.target.value })} />
                <SelectField label="Starts" options={times} value={row.startTime} onChange={(e) => update(row.key, { startTime: e.target.value })} />
                <SelectField label="Ends" options={times} value={row.endTime} onChange={(e) => update(row.key, { endTime: e.target.value })} />
                <TextField
                  label="Arrivals per half hour"
                  hint="Empty: the setting"
                  inputMode="numeric"
                  value={row.pacing}
                  onChange={(e) => update(row.key, { pacing: e.target.value })}
                />
                <Button type="button" variant="outline" size="sm" className="col-span-2 justify-self-end sm:col-span-3" disabled={rows.length === 1} onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}>
                  Remove<span className="sr-only"> {row.name || `service ${i + 1}`}</span>
                </Button>
              </li>
            ))}
          </ul>
          <div>
            <Button
              type="button"
              variant="outline"
              disabled={rows.length >= MAX_SERVICES}
              onClick={() => {
                const last = rows.at(-1)
                const start = last ? (HALF_HOURS.find((t) => t > last.endTime && t < target.closeTime) ?? target.closeTime) : target.openTime
                setRows((all) => [...all, toRow({ name: '', startTime: start, endTime: target.closeTime })])
              }}
            >
              Add service
            </Button>
          </div>
          <FormDialogFooter submitLabel="Save Services" pending={save.pending} onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  )
}
