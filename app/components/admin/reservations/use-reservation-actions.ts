import { useQueryClient } from '@tanstack/react-query'
import * as React from 'react'
import {
  AdminReservationSchema,
  editFormOf,
  OVERRIDABLE_CONFLICTS,
  type AdminReservation,
  type AdminReservationInput,
} from '#common/admin-reservations-schema'
import { LARGE_PARTY_THRESHOLD, type ReservationStatus } from '#common/constants'
import { ADMIN_MESSAGES } from '#common/messages'
import { formatShortDate, formatTime12 } from '#common/time'
import { visitStepText, type VisitState } from '#common/visit'
import { ApiError, apiRequest } from '~/lib/api'
import { availabilityKeys, reservationKeys, tableChoiceKeys } from '~/lib/queries/reservations'
import { useConfirmedMutation } from '../confirm'
import { tablesText } from './seating-text'
import { guestsText } from '#common/reservation-form'

const afterChange = [reservationKeys.all, availabilityKeys.all, tableChoiceKeys.all]

/** 'Ann Guest: 4 guests, 7:00 PM on 05 Dec 2026', for the confirm step. */
const which = (r: AdminReservation) =>
  `${r.name}: ${guestsText(r.partySize)}, ${formatTime12(r.startTime)} on ${formatShortDate(r.date)}`

/** A move on the timeline (issue 34): to these tables, and to this start time when it is a new one. */
export type MoveVariables = { reservation: AdminReservation; tableIds: number[]; startTime: string }

/**
 * A move as the server takes it, always at the version the timeline read: the
 * tables alone when the time stays, else the whole edit form with the new time
 * (the server checks the tables at that time again).
 */
function moveBody({ reservation: r, tableIds, startTime }: MoveVariables) {
  if (startTime === r.startTime) return { tableIds, version: r.version }
  return { ...AdminReservationSchema.parse({ ...editFormOf(r), startTime }), tableIds, version: r.version }
}

/**
 * An edit names the version of the booking it was made on (`version`); a new
 * booking has none. `tableIds`: the tables staff picked (left out: the best
 * free fit, or the tables it has). `enquiryId`: a new booking made from an
 * event enquiry ('Make a booking'), linked to it as it is saved.
 */
export type SaveVariables = { id?: number; values: AdminReservationInput; force?: boolean; version?: number; tableIds?: number[]; enquiryId?: number }

/** The 409 of a save made on an older version of a booking: someone else changed it meanwhile. */
export const isStaleVersion = (error: unknown) => error instanceof ApiError && error.code === 'stale_version'

/** ' At T4 (Restaurant).', ' It needs a table.', or nothing for a venue without tables: the save's toast, after its first words. */
function seatedAt(r: AdminReservation): string {
  if (r.tables.length > 0) return ` At ${tablesText(r.tables)}.`
  return r.needsTable ? ' It needs a table.' : ''
}

/**
 * What staff can do to reservations, each through the confirm step: change
 * the status (confirm, cancel, decline), delete, and save the edit form or a
 * new phone booking.
 */
export function useReservationActions(options: { onSaved?: () => void } = {}) {
  const queryClient = useQueryClient()
  const status = useConfirmedMutation({
    // On the version the card shows: a booking someone changed meanwhile is refused, with who and when, and the list
    // is fetched again so the card shows it as it is now.
    mutationFn: ({ id, status, version, force }: { id: number; status: ReservationStatus; version: number; force?: boolean }) =>
      apiRequest<AdminReservation>('PATCH', `/api/admin/reservations/${id}`, { status, version, force }).catch(async (error: unknown) => {
        if (isStaleVersion(error)) await queryClient.invalidateQueries({ queryKey: reservationKeys.all })
        throw error
      }),
    // A request confirmed is seated if a table is free, and otherwise waits for one: the message says which.
    success: (_, saved) => `${ADMIN_MESSAGES.updated}${seatedAt(saved)}`,
    invalidate: afterChange,
  })
  const deletion = useConfirmedMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/admin/reservations/${id}`),
    success: ADMIN_MESSAGES.deleted,
    invalidate: afterChange,
  })
  const save = useConfirmedMutation({
    mutationFn: ({ id, values, force, version, tableIds, enquiryId }: SaveVariables) =>
      id === undefined
        ? apiRequest<AdminReservation>('POST', '/api/admin/reservations', { ...values, force, tableIds, enquiryId })
        : apiRequest<AdminReservation>('PATCH', `/api/admin/reservations/${id}`, { ...values, force, tableIds, version }).catch(async (error: unknown) => {
            if (isStaleVersion(error)) await queryClient.invalidateQueries({ queryKey: reservationKeys.all })
            throw error
          }),
    // A new booking is saved; a change to one is an update. Either says where the party sits now: a larger party or a
    // new time may have been seated at other tables (the server's choice when staff ticked none).
    success: ({ id }, saved) => `${id === undefined ? ADMIN_MESSAGES.saved : ADMIN_MESSAGES.updated}${seatedAt(saved)}`,
    invalidate: afterChange,
    onSuccess: () => options.onSaved?.(),
  })

  // No confirm step: the drop or the Move dialog's Save is the decision; a refusal (a table taken, with
  // whom; a stale version) comes back as the mutation's error and the bar stays where it was.
  // The refusal's words kept here too: a move started without a confirm step is otherwise only toasted, and the
  // Move dialog stays open showing why.
  const [moveRefusal, setMoveRefusal] = React.useState<string | null>(null)
  const move = useConfirmedMutation({
    mutationFn: (variables: MoveVariables) => {
      setMoveRefusal(null)
      return apiRequest<AdminReservation>('PATCH', `/api/admin/reservations/${variables.reservation.id}`, moveBody(variables)).catch(async (error: unknown) => {
        setMoveRefusal(error instanceof ApiError ? error.serverMessage : ADMIN_MESSAGES.errorFallback)
        if (isStaleVersion(error)) await queryClient.invalidateQueries({ queryKey: reservationKeys.all })
        throw error
      })
    },
    success: ADMIN_MESSAGES.updated,
    invalidate: afterChange,
  })

  // A visit step (issue 35) is one tap, no confirm step: its Undo is beside it. No version is sent: the step's own
  // rule refuses a second tap on a step already taken, and an edit of the notes meanwhile must not block an arrival.
  const visit = useConfirmedMutation({
    mutationFn: ({ reservation, state }: { reservation: AdminReservation; state: VisitState }) =>
      apiRequest<AdminReservation>('POST', `/api/admin/reservations/${reservation.id}/visit`, { state }),
    success: ({ reservation }, result) => visitStepText(reservation.name, result.visitState),
    invalidate: afterChange,
  })

  return {
    status,
    deletion,
    visit,
    save,
    move,
    moveRefusal,
    clearMoveRefusal: () => setMoveRefusal(null),
    confirm: (r: AdminReservation) =>
      status.ask({
        title: 'Confirm reservation',
        description: r.partySize > LARGE_PARTY_THRESHOLD ? ADMIN_MESSAGES.confirmLargeReservation : ADMIN_MESSAGES.confirmReservation,
        confirmLabel: 'Confirm Booking',
        detail: which(r),
        variables: { id: r.id, status: 'confirmed', version: r.version },
        // A request whose hold ran out is seated again as it is confirmed: with no table free for it, the refusal
        // says 'choose a table, or save anyway', and this is the save anyway (it then shows as 'needs a table').
        anyway: { codes: OVERRIDABLE_CONFLICTS, label: 'Save anyway', variables: { id: r.id, status: 'confirmed', version: r.version, force: true } },
      }),
    cancel: (r: AdminReservation) =>
      status.ask({
        title: 'Cancel reservation',
        description: `${ADMIN_MESSAGES.cancelReservation} ${ADMIN_MESSAGES.cancelEmailNote(r.name, r.email)}`,
        confirmLabel: 'Cancel Reservation',
        // Not 'Cancel' beside 'Cancel Reservation': on a busy night the two read alike.
        dismissLabel: 'Keep Booking',
        destructive: true,
        detail: which(r),
        variables: { id: r.id, status: 'cancelled', version: r.version },
      }),
    decline: (r: AdminReservation) =>
      status.ask({
        title: 'Decline reservation',
        description: ADMIN_MESSAGES.declineReservation,
        confirmLabel: 'Decline',
        destructive: true,
        detail: which(r),
        variables: { id: r.id, status: 'cancelled', version: r.version },
      }),
    remove: (r: AdminReservation) =>
      deletion.ask({
        title: 'Delete reservation',
        description: ADMIN_MESSAGES.deleteReservation,
        confirmLabel: 'Delete',
        destructive: true,
        detail: which(r),
        variables: r.id,
      }),
  }
}
