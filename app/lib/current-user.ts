import { useQuery } from '@tanstack/react-query'
import { can, type Permission } from '#common/permissions'
import type { CurrentStaff } from '#common/staff-schema'
import { STAFF_MARKER_COOKIE } from '#common/constants'
import { getJson } from './api'

/**
 * Whether this browser holds a staff session. The session cookie is HttpOnly;
 * a marker cookie set beside it at sign-in lets public pages skip asking
 * `/api/user` for every guest (whose 401 would land in the console).
 */
export function mayHaveStaffSession(): boolean {
  return typeof document !== 'undefined' && document.cookie.split('; ').includes(`${STAFF_MARKER_COOKIE}=1`)
}

/** Asks `/api/user` for the signed-in staff member; null for nobody (SPEC.md: a 401 means nobody). */
export const currentUserQuery = {
  queryKey: ['/api/user'],
  queryFn: () => getJson<CurrentStaff>('/api/user', { on401: 'returnNull' }),
  retry: false,
} as const

/**
 * Whether the signed-in member of staff holds a permission (common/permissions.ts): what a panel shows a
 * button or an editable control by, so that staff are not handed a form whose save the server refuses. The
 * server checks every call again. False until the answer comes (the back-office has it before any panel).
 */
export function useCan(permission: Permission): boolean {
  return can(useQuery(currentUserQuery).data?.role, permission)
}

/**
 * The current user on a public page: asks only when the marker says a staff
 * session may exist. Its own cache key, so a guest's "nobody" never stands in
 * for the admin's real answer.
 */
export function useCurrentUser() {
  return useQuery({
    queryKey: [...currentUserQuery.queryKey, 'if-marked'],
    queryFn: () => (mayHaveStaffSession() ? currentUserQuery.queryFn() : null),
    retry: false,
  })
}
