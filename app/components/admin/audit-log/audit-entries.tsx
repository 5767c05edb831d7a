/** The audit trail's lines and their details, shared by the Audit Log panel and a booking's details. */
import * as React from 'react'
import { auditWhen, auditWho, type AuditEntryView } from '#common/audit-schema'
import { Button } from '~/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog'
import { AdminContext } from '../admin-context'

const show = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : typeof value === 'string' ? value : JSON.stringify(value))

/** A field name as words: 'partySize' → 'party size'. */
const words = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()

/** Each changed field, before and after. */
export function ChangedFields({ entry }: { entry: AuditEntryView }) {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])]
  if (!keys.length) return <p className="text-sm text-muted-foreground">No fields were recorded for this change.</p>
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b">
            <th scope="col" className="py-2 pr-3">
              Field
            </th>
            <th scope="col" className="py-2 pr-3">
              Before
            </th>
            <th scope="col" className="py-2">
              After
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((k) => (
            <tr key={k} className="border-b align-top last:border-0">
              <th scope="row" className="py-2 pr-3 font-semibold">
                {words(k)}
              </th>
              <td className="whitespace-pre-line break-words py-2 pr-3">{show(entry.before?.[k])}</td>
              <td className="whitespace-pre-line break-words py-2">{show(entry.after?.[k])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** One line per change, 'Sat 20 Dec 19:42 — sam (staff) cancelled the booking of …', each with its details. */
export function AuditEntries({ entries, label }: { entries: AuditEntryView[]; label: string }) {
  const { venueTimezone } = React.useContext(AdminContext)
  const [open, setOpen] = React.useState<AuditEntryView | null>(null)
  return (
    <>
      <ol className="divide-y divide-border rounded-lg border border-border bg-card" aria-label={label}>
        {entries.map((e) => (
          <li key={e.id} className="flex flex-wrap items-start justify-between gap-2 px-4 py-3" data-testid="audit-line">
            <p className="min-w-0 flex-1">
              <time dateTime={e.at} className="font-semibold tabular-nums">
                {auditWhen(e.at, venueTimezone)}
              </time>
              {' — '}
              <span className="font-semibold">{auditWho(e)}</span> {e.summary}
            </p>
            <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(e)} aria-label={`Details: ${e.summary}`}>
              Details
            </Button>
          </li>
        ))}
      </ol>
      <Dialog open={open !== null} onOpenChange={(next) => !next && setOpen(null)}>
        <DialogContent className="max-w-2xl">
          {open && (
            <>
              <DialogHeader>
                <DialogTitle>Change details</DialogTitle>
                <DialogDescription>
                  {auditWhen(open.at, venueTimezone)} — {auditWho(open)} {open.summary}
                </DialogDescription>
              </DialogHeader>
              <dl className="grid grid-cols-[8rem_1fr] gap-1 text-sm">
                <dt className="font-semibold">Action</dt>
                <dd>{open.action}</dd>
                <dt className="font-semibold">Record</dt>
                <dd>
                  {open.entityType}
                  {open.entityId ? ` #${open.entityId}` : ''}
                </dd>
                <dt className="font-semibold">From address</dt>
                <dd>{open.address ?? '—'}</dd>
              </dl>
              <ChangedFields entry={open} />
            </>
          )}
        </DialogContent>
      </Dialog>
    </>
  )
}
