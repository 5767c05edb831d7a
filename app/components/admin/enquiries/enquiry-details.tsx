import * as React from 'react'
import type { AdminEnquiry } from '#common/event-schema'
import { formatInstant } from '#common/time'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog'
import { telHref } from '~/lib/tel'
import { AdminContext } from '../admin-context'
import { DetailRow } from '../panel'
import { bookingWhen } from './enquiry-booking'
import { eventWhen } from './enquiry-filters'
import { EnquiryStatusBadge } from './status-badge'

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
              <DetailRow label="Status">
                <EnquiryStatusBadge status={e.status} />
              </DetailRow>
              <DetailRow label="Event">{e.eventTitle}</DetailRow>
              <DetailRow label="When">{eventWhen(e)}</DetailRow>
              <DetailRow label="Party size">{e.partySize}</DetailRow>
              <DetailRow label="Email">
                <a className="underline" href={`mailto:${e.email}`}>
                  {e.email}
                </a>
              </DetailRow>
              <DetailRow label="Phone">
                <a className="underline" href={telHref(e.phone)}>
                  {e.phone}
                </a>
              </DetailRow>
              <DetailRow label="Special requests">{e.specialRequests || 'None'}</DetailRow>
              <DetailRow label="Notes">{e.notes || 'None'}</DetailRow>
              <DetailRow label="Booking">{e.booking ? bookingWhen(e.booking) : 'Not booked yet'}</DetailRow>
              <DetailRow label="Sent">{formatInstant(e.createdAt, venueTimezone)}</DetailRow>
              {e.updatedAt !== e.createdAt && <DetailRow label="Last changed">{formatInstant(e.updatedAt, venueTimezone)}</DetailRow>}
            </dl>
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}
