import type pg from 'pg'
import { ENQUIRY_MESSAGES, formatEventDate, formatEventTime, type CreateEnquiryInput } from '#common/event-enquiry-schema'
import { todayIn } from '#common/time'
import { phoneKey } from '#common/phone'
import { sendTogether } from '../db/pipeline'
import type { EventEnquiry } from '../db/schema'
import { inTransaction } from '../db/transaction'
import { guestIdFor } from '../guests/guest-upsert'
import type { Deps } from '../deps'
import { ConflictError, ValidationError } from '../domain-errors'
import type { EventsService } from './events-service'

/**
 * A guest's enquiry about an event (SPEC.md section 7's POST /api/event-enquiries).
 * The enquiry and its emails commit together: the guest's acknowledgement and
 * the staff alert are written to the outbox in the enquiry's own transaction.
 */
export function createEnquiriesService(
  { db, clock, config }: Pick<Deps, 'db' | 'clock' | 'config'>,
  { events, messages }: { events: EventsService; messages: (enquiry: EventEnquiry) => Promise<pg.QueryConfig[]> },
) {
  return {
    async create(input: CreateEnquiryInput): Promise<EventEnquiry> {
      if (input.website?.trim()) throw new ValidationError(ENQUIRY_MESSAGES.honeypot)
      const event = await events.findPublic(String(input.eventId))
      if (!event) throw new ValidationError(ENQUIRY_MESSAGES.eventUnavailable, { eventId: ENQUIRY_MESSAGES.eventUnavailable })
      if (event.date < todayIn(clock.now(), config.venueTimezone)) {
        throw new ValidationError(ENQUIRY_MESSAGES.eventPast, { eventId: ENQUIRY_MESSAGES.eventPast })
      }
      // The event's own title, date and time, in the words staff and guest read; not the copies the page sent.
      const values = [
        event.id,
        event.title,
        formatEventDate(event.date),
        formatEventTime(event.time, event.endTime),
        input.name,
        input.email,
        input.phone,
        input.partySize,
        input.specialRequests || null,
      ]
      return inTransaction(db, async (client, end) => {
        const [, , inserted] = await sendTogether(client, [
          'begin',
          // One enquiry at a time for an event and an address, so two sent at once cannot both pass the check below.
          { text: `select pg_advisory_xact_lock(hashtext('enquiry:' || $1::text || ':' || lower($2::text)))`, values: [event.id, input.email] },
          {
            // A second enquiry for the same event from the same address (one still open) is refused: it
            // would only send the guest, or whoever the address belongs to, the same email again.
            text: `insert into event_enquiries (event_id, event_title, event_date, event_time, name, email, phone, party_size, special_requests)
              select $1, $2, $3, $4, $5, $6, $7, $8, $9
              where not exists (select 1 from event_enquiries where event_id = $1 and lower(email) = lower($6) and status <> 'cancelled')
              returning id, event_id as "eventId", event_title as "eventTitle", event_date as "eventDate", event_time as "eventTime",
                name, email, phone, party_size as "partySize", special_requests as "specialRequests", status,
                created_at as "createdAt", updated_at as "updatedAt"`,
            values,
          },
        ])
        if (!inserted!.rowCount) throw new ConflictError(ENQUIRY_MESSAGES.duplicate, 'duplicate_enquiry')
        const enquiry = inserted!.rows[0] as EventEnquiry
        // The guest asking (issue 37), created or updated in the enquiry's transaction.
        enquiry.guestId = await guestIdFor(client, { email: input.email, name: input.name, phone: input.phone, phoneKey: phoneKey(input.phone) || null })
        await client.query({ name: 'event-enquiry-guest', text: 'update event_enquiries set guest_id = $2 where id = $1', values: [enquiry.id, enquiry.guestId] })
        await sendTogether(client, [...(await messages(enquiry)), 'commit'])
        end.committed()
        return enquiry
      })
    },
  }
}
export type EnquiriesService = ReturnType<typeof createEnquiriesService>
