import * as React from 'react'
import type { AdminEnquiry } from '../../../../common/event-schema'
import { formatInstant } from '../../../../common/time'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog'
import { telHref } from '~/lib/tel'
import { AdminContext } from '../admin-context'
import { eventWhen } from './enquiry-filters'
import { EnquiryStatusBadge } from './status-badge'

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-border py-2 last:border-0 sm:grid-cols-[10rem_1fr]">
      <dt className="text-sm font-semibold text-muted-foreground">{label}</dt>
      <dd className="whitespace-pre-line break-words">{children}</dd>
    </div>
  )
}

/** View Details (SPEC.md section 2): everything the guest sent, and when. */
export function EnquiryDetails({ enquiry: e, onOpenChange }: { enquiry: AdminEnquiry | null; onOpenChange: (open: boolean) => void }) {
  const { venueTimezone } = React.useContext(AdminContext)
  return (
    <Dialog open={e !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        {e && (
          <>
            <DialogHeader>
              <DialogTitle>Enquiry from {e.name}</DialogTitle>
              <DialogDescription>{e.eventTitle}</DialogDescription>
            </DialogHeader>
            <dl>
              <Row label="Status">
                <EnquiryStatusBadge status={e.status} />
              </Row>
              <Row label="Event">{e.eventTitle}</Row>
              <Row label="When">{eventWhen(e)}</Row>
              <Row label="Party size">{e.partySize}</Row>
              <Row label="Email">
                <a className="underline" href={`mailto:${e.email}`}>
                  {e.email}
                </a>
              </Row>
              <Row label="Phone">
                <a className="underline" href={telHref(e.phone)}>
                  {e.phone}
                </a>
              </Row>
              <Row label="Special requests">{e.specialRequests || 'None'}</Row>
              <Row label="Sent">{formatInstant(e.createdAt, venueTimezone)}</Row>
              {e.updatedAt !== e.createdAt && <Row label="Last changed">{formatInstant(e.updatedAt, venueTimezone)}</Row>}
            </dl>
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}
