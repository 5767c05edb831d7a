import { useMutation, useQueryClient } from '@tanstack/react-query'
import * as React from 'react'
import type { AdminReservation, ReservationList } from '#common/admin-reservations-schema'
import { ADMIN_MESSAGES } from '#common/messages'
import type { VisitState } from '#common/visit'
import { focusWhenReady } from '~/components/ui/focus-when-ready'
import { apiRequest } from '~/lib/api'
import { availabilityKeys, reservationKeys } from '~/lib/queries/reservations'
import { refusalOf, walkInKeys } from '~/lib/queries/tonight'

/**
 * One booking's visit steps (Arrived, Seated, Finished, No-show, Undo), one
 * tap each: no confirm step, as Undo puts a wrong tap right. The answer
 * replaces the row at once; a refusal (409: a pending booking seated, a step
 * someone else took meanwhile; offline) is kept for the row to show in the
 * server's words, and the day is read again so the row shows it as it is now.
 * The step's button goes as it is taken, so focus then goes where `take`'s
 * `nextFocus` says (focusWhenReady); `onDone` hears each step taken.
 */
export function useVisitStep(r: Pick<AdminReservation, 'id'>, onDone?: (updated: AdminReservation) => void) {
  const queryClient = useQueryClient()
  // The button the step was taken from, and where focus goes if it is gone: read when the step ends.
  const from = React.useRef<{ element: Element | null; nextFocus?: () => HTMLElement | null | undefined }>({ element: null })
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
      onDone?.(updated)
    },
    // A finished table is free again: the walk-in options and the booking form's times change with it.
    // Here rather than in `mutate`'s own callbacks, which do not run once the row has moved to another list.
    onSettled: async () => {
      await Promise.all(
        [reservationKeys.all, walkInKeys.all, availabilityKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      )
      const { element, nextFocus } = from.current
      if (nextFocus) focusWhenReady(element, nextFocus)
    },
  })
  return {
    take: (state: VisitState, nextFocus?: () => HTMLElement | null | undefined) => {
      from.current = { element: document.activeElement, nextFocus }
      mutation.mutate(state)
    },
    pending: mutation.isPending,
    /** The state being sent, so only its button says so. */
    sending: mutation.isPending ? mutation.variables : undefined,
    refusal: mutation.isError ? refusalOf(mutation.error, ADMIN_MESSAGES.errorFallback) : null,
    dismiss: () => mutation.reset(),
  }
}
