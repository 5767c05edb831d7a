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
    // New bookings arrive while staff watch: on focus and every half minute.
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
    staleTime: 0,
  })
}
