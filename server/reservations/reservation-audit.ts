/**
 * A booking's changes as audit rows (issue 33): one row per change, written
 * by the change's own transaction (the callers send it with the change's other
 * statements, so it costs no round trip of its own). The summary is the line
 * the Audit Log shows after the actor's name: 'cancelled the booking of
 * J. Smith, 8 guests, 19:30 on 20 Dec 2026'; before and after hold the
 * changed fields only. A guest's online booking writes none: it is not a
 * change anyone on staff made, and its story is in the booking's own history.
 */
import type pg from 'pg'
import { formatShortDate } from '#common/time'
import { auditQuery, changedFields, type Actor, type AuditEntry } from '../audit/audit'
import type { Reservation } from '../db/schema'
import { guestsText } from '#common/reservation-form'

/** The fields staff (and, for date, time and party, the guest) change: what a row's before and after are made of. */
const EDITED = ['name', 'email', 'phone', 'date', 'startTime', 'partySize', 'additionalInfo', 'foodDrinks', 'status'] as const

const FIELD_WORDS: Record<string, string> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  date: 'date',
  startTime: 'time',
  partySize: 'party size',
  additionalInfo: 'additional information',
  foodDrinks: 'preference',
}

/** 'J. Smith, 8 guests, 19:30 on 20 Dec 2026'. */
export function bookingWords(r: Pick<Reservation, 'name' | 'partySize' | 'startTime' | 'date'>): string {
  return `${r.name}, ${guestsText(r.partySize)}, ${r.startTime} on ${formatShortDate(r.date)}`
}

const edited = (r: Reservation) => Object.fromEntries(EDITED.map((k) => [k, r[k]]))

/** What a status change is called: confirm, decline (a pending booking cancelled by staff), cancel, reinstate. */
function statusAction(before: Reservation, after: Reservation, by: Actor['role']): { action: string; verb: string } | undefined {
  if (before.status === after.status) return undefined
  if (after.status === 'cancelled') {
    return before.status === 'pending' && by !== 'guest' ? { action: 'decline', verb: 'declined' } : { action: 'cancel', verb: 'cancelled' }
  }
  if (before.status === 'cancelled') return { action: 'reinstate', verb: 'made active again' }
  if (after.status === 'confirmed') return { action: 'confirm', verb: 'confirmed' }
  // Back to pending: a guest's move to a large party, or staff choosing it in the form.
  return { action: 'update', verb: 'set to pending' }
}

/** The audit entry of a change to a booking (an edit, a status change, or both), by staff or by the guest. */
export function reservationChangeEntry(before: Reservation, after: Reservation, by: Actor['role']): AuditEntry {
  // Only what staff or the guest edit: the bookkeeping (changed_at, reminder_sent_at...) is never a line of its own.
  const { before: was, after: now } = changedFields(edited(before), edited(after))
  const status = statusAction(before, after, by)
  const others = Object.keys(now ?? {}).filter((k) => k !== 'status').map((k) => FIELD_WORDS[k] ?? k)
  const what = others.length ? `changed ${others.join(', ')}` : ''
  let summary: string
  if (status) summary = `${status.verb} the booking of ${bookingWords(after)}${what ? ` (and ${what})` : ''}`
  else if (what) summary = `changed the booking of ${bookingWords(after)} (${others.join(', ')})`
  else summary = `saved the booking of ${bookingWords(after)} without changes`
  const none = !now || Object.keys(now).length === 0
  return { action: status?.action ?? 'update', entityType: 'reservation', entityId: after.id, summary, before: none ? null : was, after: none ? null : now }
}

/** The audit statement of a change, for the statements the change sends with its COMMIT. */
export const reservationChangeAudit = (actor: Actor, before: Reservation, after: Reservation): pg.QueryConfig =>
  auditQuery(actor, reservationChangeEntry(before, after, actor.role))

/** A booking staff made (by phone or for a walk-in). */
export const reservationCreatedAudit = (actor: Actor, r: Reservation): pg.QueryConfig =>
  auditQuery(actor, {
    action: 'create',
    entityType: 'reservation',
    entityId: r.id,
    summary: `took the booking of ${bookingWords(r)}${r.status === 'confirmed' ? '' : ` (${r.status})`}`,
    after: edited(r),
  })

/** A booking deleted (managers and owners): the row keeps what it was. */
export const reservationDeletedAudit = (actor: Actor, r: Reservation): pg.QueryConfig =>
  auditQuery(actor, { action: 'delete', entityType: 'reservation', entityId: r.id, summary: `deleted the booking of ${bookingWords(r)}`, before: edited(r) })
