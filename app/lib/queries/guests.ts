/** Guests (issue 37): query keys and fetchers for the Guests panel. */
import type { AdminGuest, GuestList } from '#common/guests-schema'
import { getJson } from '../api'

export const guestKeys = {
  all: ['/api/admin/guests'] as const,
  list: (q: string, page: number) => ['/api/admin/guests', { q, page }] as const,
  one: (id: number) => ['/api/admin/guests', id] as const,
}

export const guestListQuery = (q: string, page: number) => ({
  queryKey: guestKeys.list(q, page),
  queryFn: async () => (await getJson<GuestList>(`/api/admin/guests?q=${encodeURIComponent(q)}&page=${page}`))!,
})

export const guestQuery = (id: number) => ({
  queryKey: guestKeys.one(id),
  queryFn: async () => (await getJson<AdminGuest>(`/api/admin/guests/${id}`))!,
})

/** The subject access export: a JSON download the server names guest-{id}-data.json. */
export const guestExportUrl = (id: number) => `/api/admin/guests/${id}/export`
