import type pg from 'pg'
import { FOOD_DRINKS_LABELS, type FoodDrinks } from '#common/constants'
import type { EmailTemplateKey } from '#common/email'
import { formatLongDate, formatTime12 } from '#common/time'
import type { EventEnquiry, Reservation } from '../db/schema'
import { guestsText } from '#common/reservation-form'

/** How many times a message is tried before it is marked failed (graphile-worker backs off exponentially: about 3 hours in all). */
export const SEND_ATTEMPTS = 10
export const SEND_TASK = 'send_email'

/** What a message is filled with, kept on its outbox row until it is sent. */
export type MessageData = {
  variables: Record<string, string>
  /** The booking or enquiry at a glance, as label and value rows. */
  summary: [string, string][]
  /** A guest's message carries the link to stop offers; a staff alert does not. */
  guest: boolean
  /** A calendar file for the visit (confirmed and approved bookings). */
  calendar?: { date: string; startTime: string; minutes: number; title: string }
  /**
   * The booking a guest's message is about: its {{manageUrl}} (the signed link
   * to change or cancel it) is made when the message is sent, valid until a
   * while after the visit's date.
   */
  manage?: { reservationId: number; date: string }
  /**
   * A large party's request from the public form, which holds its seats for a
   * while only: its {{confirmUrl}} (the signed link that confirms it) is made
   * when the message is sent (docs/decisions/0021).
   */
  confirm?: { reservationId: number; date: string }
  /**
   * A waitlist entry's message (issue 35): its {{leaveUrl}} and, for an offer,
   * its {{claimUrl}} are made when the message is sent, never stored.
   */
  waitlist?: { entryId: number; date: string; offer?: { n: number; expiresAt: string } }
  /** A guest's message that staff caused (they confirmed, cancelled or booked it, or sent it again): not counted against the address's hourly limit. */
  byStaff?: boolean
  /** A staff alert of a guest's change: the booking before it, for an alert that stands for several changes (inbox-limits.ts). */
  was?: string
}

export type OutboxMessage = {
  /** At most one message a key: 'reservation:123:booking_confirmed'. */
  messageKey: string
  templateKey: EmailTemplateKey
  to: string
  data: MessageData
  reservationId?: number | null
}

/** What the send job carries for each message: its outbox row. */
export type SendEntry = { outboxId: number }

/**
 * One statement that writes messages to the outbox (skipping any whose key is
 * written already) and queues one send job for those written, for the
 * transaction of the change that causes them: both commit, or neither. The
 * job's payload lists the messages (a graphile-worker batch job): a batch of
 * bookings queues one job, not two per booking, and when some of its messages
 * fail only those are tried again.
 */
export function enqueueMessagesQuery(messages: OutboxMessage[]): pg.QueryConfig {
  return {
    name: 'outbox-enqueue',
    text: `with written as (
        insert into email_outbox (message_key, template_key, to_address, data, reservation_id)
        select * from json_to_recordset($1::json)
          as m("messageKey" text, "templateKey" text, "to" text, "data" json, "reservationId" int)
        on conflict (message_key) do nothing
        returning id)
      select graphile_worker.add_jobs(array(
        select ($2::text, json_agg(json_build_object('outboxId', id) order by id), null::text, null::timestamptz, $3::int, null::text, null::int, null::text[])::graphile_worker.job_spec
        from written having count(*) > 0)) as queued`,
    // One JSON parameter, not an array per column: node-postgres escapes each array element with regular expressions
    // (a message without a reservation leaves reservationId out, which reads as null).
    values: [JSON.stringify(messages), SEND_TASK, SEND_ATTEMPTS],
  }
}

const STATUS_LABELS: Record<string, string> = { confirmed: 'Confirmed', pending: 'Pending', cancelled: 'Cancelled' }

/** A booking's variables (SPEC.md section 9) in the words a guest reads. */
export function bookingVariables(r: Reservation): Record<string, string> {
  return {
    customerName: r.name,
    customerEmail: r.email ?? '',
    customerPhone: r.phone,
    date: formatLongDate(r.date),
    time: formatTime12(r.startTime),
    partySize: String(r.partySize),
    preference: FOOD_DRINKS_LABELS[r.foodDrinks as FoodDrinks] ?? r.foodDrinks,
    specialRequests: r.additionalInfo || 'None',
    status: STATUS_LABELS[r.status] ?? r.status,
  }
}

/** A booking at a glance, for the summary rows of a guest's message. */
export function bookingSummary(v: Record<string, string>): [string, string][] {
  return [
    ['Date', v.date!],
    ['Time', v.time!],
    ['Guests', v.partySize!],
    ['Preference', v.preference!],
    ['Special requests', v.specialRequests!],
  ]
}

export type BookingMessageContext = {
  /** The venue's address for staff alerts; empty sends none. */
  notify: string
  /** How long a table is held, for the calendar entry. */
  durationMinutes: number
  venueName: string
}

/**
 * The messages a booking event sends (DESIGN.md section 4): the guest's (its
 * template chosen by what happened) and, for a new booking, the staff alert.
 * A status change's key carries its time, so a booking cancelled, reinstated
 * and cancelled again is told each time, but never twice for one change.
 */
export function bookingMessages(
  kind: 'created' | 'approved' | 'cancelled',
  r: Reservation,
  context: BookingMessageContext,
): OutboxMessage[] {
  const variables = bookingVariables(r)
  const summary = bookingSummary(variables)
  const guestTemplate: EmailTemplateKey =
    kind === 'created' ? (r.status === 'confirmed' ? 'booking_confirmed' : 'booking_pending') : kind === 'approved' ? 'booking_approved' : 'booking_cancelled'
  const seated = guestTemplate === 'booking_confirmed' || guestTemplate === 'booking_approved'
  const change = kind === 'created' ? '' : `:${new Date(r.updatedAt).getTime()}`
  const messages: OutboxMessage[] = []
  // A phone or walk-in booking taken without an email (issue 36): its guest is told nothing; staff are alerted as ever.
  if (r.email) {
    messages.push({
      messageKey: `reservation:${r.id}:${guestTemplate}${change}`,
      templateKey: guestTemplate,
      to: r.email,
      reservationId: r.id,
      data: {
        variables,
        summary,
        guest: true,
        calendar: seated ? calendarOf(r, context) : undefined,
        manage: kind === 'cancelled' ? undefined : { reservationId: r.id, date: r.date },
        // Only a request that holds for a while asks to be confirmed (not staff's own pending bookings).
        confirm: guestTemplate === 'booking_pending' && r.holdUntil ? { reservationId: r.id, date: r.date } : undefined,
      },
    })
  }
  if (kind === 'created' && context.notify) {
    messages.push({
      messageKey: `reservation:${r.id}:staff_new_booking`,
      templateKey: 'staff_new_booking',
      to: context.notify,
      reservationId: r.id,
      data: { variables, summary: [['Status', variables.status!], ...summary, ...contactRows(r)], guest: false },
    })
  }
  return messages
}

/** A staff alert's rows for how to reach the guest: a booking may have no email, or no phone (issue 36). */
const contactRows = (r: Reservation): [string, string][] => [
  ['Phone', r.phone || 'None'],
  ['Email', r.email || 'None: the guest is not emailed'],
]

const calendarOf = (r: Reservation, context: BookingMessageContext) => ({
  date: r.date,
  startTime: r.startTime,
  // How long the booking holds its table: stored with it (the turn time for its party, issue 34).
  minutes: r.durationMinutes ?? context.durationMinutes,
  title: `Table at ${context.venueName}`,
})

/**
 * The messages of a guest's own change through their manage link: the new
 * details to the guest (not for a cancellation: that is bookingMessages'
 * 'cancelled'), and the staff alert saying what changed.
 */
export function guestChangeMessages(
  kind: 'changed' | 'cancelled',
  r: Reservation,
  previous: Reservation,
  context: BookingMessageContext,
): OutboxMessage[] {
  const variables = bookingVariables(r)
  const summary = bookingSummary(variables)
  const at = new Date(r.updatedAt).getTime()
  const messages: OutboxMessage[] = []
  if (kind === 'changed' && r.email) {
    messages.push({
      messageKey: `reservation:${r.id}:booking_changed:${at}`,
      templateKey: 'booking_changed',
      to: r.email,
      reservationId: r.id,
      data: {
        variables,
        summary: r.status === 'pending' ? [['Status', 'Waiting for us to confirm'], ...summary] : summary,
        guest: true,
        calendar: r.status === 'confirmed' ? calendarOf(r, context) : undefined,
        manage: { reservationId: r.id, date: r.date },
      },
    })
  }
  if (context.notify) {
    const was = `${formatLongDate(previous.date)}, ${formatTime12(previous.startTime)}, ${guestsText(previous.partySize)}`
    const change = kind === 'cancelled' ? `Cancelled by the guest. It was: ${was}.` : `Changed by the guest. It was: ${was}.`
    messages.push({
      messageKey: `reservation:${r.id}:staff_booking_changed:${kind}:${at}`,
      templateKey: 'staff_booking_changed',
      to: context.notify,
      reservationId: r.id,
      data: { variables: { ...variables, change }, summary: [['Status', variables.status!], ...summary, ...contactRows(r)], guest: false, was },
    })
  }
  return messages
}

/** An enquiry's variables (SPEC.md section 9) in the words a guest reads. */
export function enquiryVariables(e: EventEnquiry): Record<string, string> {
  return {
    customerName: e.name,
    customerEmail: e.email,
    customerPhone: e.phone,
    eventTitle: e.eventTitle,
    eventDate: e.eventDate ?? '',
    eventTime: e.eventTime ?? '',
    partySize: String(e.partySize),
    specialRequests: e.specialRequests || 'None',
  }
}

/** The messages a new enquiry sends: the guest's acknowledgement and, when an address is set, the staff alert. */
export function enquiryMessages(e: EventEnquiry, notify: string): OutboxMessage[] {
  const variables = enquiryVariables(e)
  const summary: [string, string][] = [
    ['Event', variables.eventTitle!],
    ['Date', variables.eventDate!],
    ['Time', variables.eventTime!],
    ['Guests', variables.partySize!],
    ['Special requests', variables.specialRequests!],
  ]
  const messages: OutboxMessage[] = [
    { messageKey: `enquiry:${e.id}:enquiry_received`, templateKey: 'enquiry_received', to: e.email, data: { variables, summary, guest: true } },
  ]
  if (notify) {
    messages.push({
      messageKey: `enquiry:${e.id}:staff_new_enquiry`,
      templateKey: 'staff_new_enquiry',
      to: notify,
      data: { variables, summary: [...summary, ['Phone', e.phone], ['Email', e.email]], guest: false },
    })
  }
  return messages
}
