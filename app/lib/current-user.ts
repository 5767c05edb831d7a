import { useQuery } from '@tanstack/react-query'
import type { PublicUser } from '../../common/auth'
import { STAFF_MARKER_COOKIE } from '../../common/constants'
import { getJson } from './api'

/**
 * Whether this browser holds a staff session. The session cookie is HttpOnly;
 * a marker cookie set beside it at sign-in lets public pages skip asking
 * `/api/user` for every guest (whose 401 would land in the console).
 */
export function mayHaveStaffSession(): boolean {
  return typeof document !== 'undefined' && document.cookie.split('; ').includes(`${STAFF_MARKER_COOKIE}=1`)
}

/** The signed-in staff member, or null for a guest (SPEC.md: a 401 means nobody). */
export function useCurrentUser() {
  return useQuery({
    queryKey: ['/api/user'],
    queryFn: () => (mayHaveStaffSession() ? getJson<PublicUser>('/api/user', { on401: 'returnNull' }) : null),
    retry: false,
  })
}
