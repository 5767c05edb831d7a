import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminReservation, ReservationList } from '#common/admin-reservations-schema'
import { ADMIN_MESSAGES } from '#common/messages'
import type { VisitState } from '#common/visit'
import { apiRequest } from '~/lib/api'
import { availabilityKeys, reservationKeys } from '~/lib/queries/reservations'
import { refusalOf, walkInKeys } from '~/lib/queries/tonight'

/**
 * One booking's visit steps (Arrived, Seated, Finished, No-show, Undo), one
 * tap each: no confirm step, as Undo puts a wrong tap right. The answer
 * replaces the row at once; a refusal (409: a pending booking seated, a step
 * someone else took meanwhile; offline) is kept for the row to show in the
 * server's words, and the day is read again so the row shows it as it is now.
 */
export function useVisitStep(r: AdminReservation) {
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationFn: (state: VisitState) =>
      // No version, as All Reservations' card sends none: the step's own rule refuses a step already taken, and a
      // colleague's edit of the notes meanwhile must not block an arrival.
      apiRequest<AdminReservation>('POST', `/api/admin/reservations/${r.id}/visit`, { state }),
    onSuccess: (updated) => {
      queryClient.setQueriesData<ReservationList>({ queryKey: reservationKeys.all }, (list) =>
        list?.reservations
          ? { ...list, reservations: list.reservations.map((x) => (x.id === updated.id ? updated : x)) }
          : list,
      )
    },
    // A finished table is free again: the walk-in options and the booking form's times change with it.
    onSettled: () =>
      Promise.all(
        [reservationKeys.all, walkInKeys.all, availabilityKeys.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  })
  return {
    take: (state: VisitState) => mutation.mutate(state),
    pending: mutation.isPending,
    /** The state being sent, so only its button says so. */
    sending: mutation.isPending ? mutation.variables : undefined,
    refusal: mutation.isError ? refusalOf(mutation.error, ADMIN_MESSAGES.errorFallback) : null,
    dismiss: () => mutation.reset(),
  }
}
