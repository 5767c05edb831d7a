import { useQuery } from '@tanstack/react-query'
import type { AvailabilitySlot } from '#common/reservation-form'
import { getJson } from '~/lib/api'
import { availabilityKeys } from '~/lib/queries/reservation-keys'

/** The free start times of a date for a party; refetched when the window regains focus. */
export function useAvailableSlots(date: string, partySize: number) {
  return useQuery({
    queryKey: [...availabilityKeys.all, date, partySize],
    queryFn: async () =>
      (await getJson<AvailabilitySlot[]>(`/api/availability/slots/${date}?partySize=${partySize}`)) ?? [],
    enabled: Boolean(date),
    // Focus refetches only stale data, so the slots are stale at once.
    staleTime: 0,
    refetchOnWindowFocus: true,
  })
}
