import { useQuery } from '@tanstack/react-query'
import { fetchReservations, pendingFilter, reservationKeys } from '~/lib/queries/reservations'
import { useVenueDays } from '../admin-context'

/** Large parties waiting for staff from today on: the Pending panel's list and the sidebar's count, one request for both. */
export function usePendingReservations() {
  const { today } = useVenueDays()
  const filter = pendingFilter(today)
  return useQuery({
    queryKey: reservationKeys.list(filter),
    queryFn: () => fetchReservations(filter),
    // New bookings arrive while staff watch: told by the live channel (app/lib/live.ts), and on focus.
    refetchOnWindowFocus: true,
    staleTime: 0,
  })
}
