import { useQuery } from '@tanstack/react-query'
import { TriangleAlert } from 'lucide-react'
import * as React from 'react'
import { ordinal } from '#common/guests'
import type { GuestCardLine } from '#common/guests-schema'
import { can } from '#common/permissions'
import { getJson } from '~/lib/api'
import { currentUserQuery } from '~/lib/current-user'

/** The guest lines of the bookings on screen, by booking id (issue 37). */
export const GuestLinesContext = React.createContext<Record<string, GuestCardLine>>({})

const NONE: Record<string, GuestCardLine> = {}

/** Reads the guest lines of the listed bookings in one request (for staff who may read guests). */
export function useGuestLines(reservationIds: number[] | undefined): Record<string, GuestCardLine> {
  const role = useQuery(currentUserQuery).data?.role
  const ids = (reservationIds ?? []).slice(0, 200).join(',')
  const lines = useQuery({
    queryKey: ['/api/admin/guests/lines', ids],
    queryFn: async () =>
      (await getJson<Record<string, GuestCardLine>>(`/api/admin/guests/lines?reservations=${ids}`)) ?? NONE,
    enabled: ids.length > 0 && can(role, 'guests.read'),
    placeholderData: (previous) => previous,
  })
  return lines.data ?? NONE
}

/**
 * A booking's guest in one line: '4th visit', '2 no-shows', the allergens,
 * the tags. A pending booking whose guest did not come twice or more says so
 * beside its Confirm button (`warnOnly`).
 */
export function GuestLine({ reservationId, status }: { reservationId: number; status: string }) {
  const line = React.useContext(GuestLinesContext)[String(reservationId)]
  if (!line) return null
  const allergies = [...line.allergies, line.allergyNotes].filter(Boolean)
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm" data-testid="guest-line">
      <span className="font-semibold">{ordinal(line.visitNumber)} visit</span>
      {line.noShows > 0 && (
        <span className={line.noShows >= 2 ? 'font-semibold text-destructive' : ''}>
          {line.noShows} no-show{line.noShows === 1 ? '' : 's'}
          {line.noShows >= 2 && status === 'pending' && ': check before confirming'}
        </span>
      )}
      {allergies.length > 0 && (
        <span className="inline-flex items-center gap-1 rounded bg-destructive/10 px-1.5 font-semibold text-destructive">
          <TriangleAlert aria-hidden="true" className="size-3.5" />
          Allergies: {allergies.join(', ')}
        </span>
      )}
      {line.tags.map((tag) => (
        <span key={tag} className="rounded bg-muted px-1.5 text-xs">
          {tag}
        </span>
      ))}
    </p>
  )
}
