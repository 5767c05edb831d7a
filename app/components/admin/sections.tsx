/**
 * The back-office's sections (SPEC.md section 2), in order: panels inside the
 * one /admin route. Each panel is its own chunk, loaded when opened. Adding a
 * panel is a folder under components/admin and one line here.
 */
import { useQuery } from '@tanstack/react-query'
import type { ComponentType } from 'react'
import { ADMIN_MESSAGES } from '#common/messages'
import { can, type Permission, type Role } from '#common/permissions'
import { zonedParts } from '#common/time'
import { isServiceTime } from '#common/tonight'
import { enquiryCountsQuery } from '~/lib/queries/events'
import { onDemand } from '~/components/ui/on-demand'
import { CountBadge, ErrorState, LoadingState } from './panel'
import { usePendingReservations } from './pending/use-pending'

export type AdminSection = {
  id: string
  label: string
  /** What a role needs to see the section in the sidebar (common/permissions.ts); the server checks each call again. */
  permission: Permission
  Panel?: ComponentType
  /** Fetches the panel's chunk (the same import `Panel` makes), so it can load while the shell waits for something else. */
  preload?: () => Promise<unknown>
  /** Shown beside the label in the sidebar. */
  Badge?: ComponentType
}

/** The pending count beside Pending Reservations, when above 0. */
function PendingBadge() {
  const total = usePendingReservations().data?.total ?? 0
  return total > 0 ? <CountBadge count={total} label={total === 1 ? 'pending reservation' : 'pending reservations'} /> : null
}

/** The new enquiries beside Event Enquiries, when above 0: a screen reader hears '3 new'. */
function EnquiriesBadge() {
  const pending = useQuery(enquiryCountsQuery).data?.pending ?? 0
  return pending > 0 ? <CountBadge count={pending} label="new" /> : null
}

/** A panel that is its own chunk, loaded when opened or preloaded; one that cannot load says so, with Try again (decision 49). */
const lazyPanel = (load: () => Promise<{ default: ComponentType }>) => ({
  Panel: onDemand(() => load().then((m) => m.default), {
    loading: <LoadingState />,
    failed: (retry) => <ErrorState message={ADMIN_MESSAGES.partLoadFailed} onRetry={retry} />,
  }),
  preload: load,
})

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { id: 'reservations', label: 'All Reservations', permission: 'reservations.read', ...lazyPanel(() => import('./reservations/reservations-panel')) },
  // Issue 35: the night's service; from 3 pm the staff role opens on it (defaultSectionId).
  { id: 'tonight', label: 'Tonight', permission: 'reservations.read', ...lazyPanel(() => import('./tonight/tonight-panel')) },
  { id: 'pending', label: 'Pending Reservations', permission: 'reservations.read', ...lazyPanel(() => import('./pending/pending-panel')), Badge: PendingBadge },
  { id: 'tables', label: 'Tables & Areas', permission: 'tables.read', ...lazyPanel(() => import('./tables/tables-panel')) },
  { id: 'hours', label: 'Opening Hours', permission: 'content.read', ...lazyPanel(() => import('./hours/hours-panel')) },
  { id: 'events', label: 'Events Management', permission: 'content.read', ...lazyPanel(() => import('./events/events-panel')) },
  { id: 'enquiries', label: 'Event Enquiries', permission: 'enquiries.read', ...lazyPanel(() => import('./enquiries/enquiries-panel')), Badge: EnquiriesBadge },
  { id: 'menus', label: 'PDF Menus', permission: 'content.read', ...lazyPanel(() => import('./menus/menus-panel')) },
  { id: 'cocktails', label: 'Cocktails', permission: 'content.read', ...lazyPanel(() => import('./cocktails/cocktails-panel')) },
  { id: 'hero-slides', label: 'Hero Slides', permission: 'content.read', ...lazyPanel(() => import('./hero-slides/hero-slides-panel')) },
  { id: 'guests', label: 'Guests', permission: 'guests.read', ...lazyPanel(() => import('./guests/guests-panel')) },
  { id: 'marketing', label: 'Marketing Emails', permission: 'marketing.read', ...lazyPanel(() => import('./marketing/marketing-panel')) },
  { id: 'email-templates', label: 'Email Templates', permission: 'templates.manage', ...lazyPanel(() => import('./email-templates/email-templates-panel')) },
  { id: 'settings', label: 'Settings', permission: 'content.read', ...lazyPanel(() => import('./settings/settings-panel')) },
  { id: 'staff', label: 'Staff Accounts', permission: 'users.manage', ...lazyPanel(() => import('./staff-accounts/staff-accounts-panel')) },
  { id: 'audit', label: 'Audit Log', permission: 'audit.read', ...lazyPanel(() => import('./audit-log/audit-log-panel')) },
  { id: 'account', label: 'Your Account', permission: 'account.self', ...lazyPanel(() => import('./account/account-panel')) },
]

/** The sections a role may open, in order. */
export const sectionsFor = (role: Role | undefined) => ADMIN_SECTIONS.filter((s) => can(role, s.permission))

/**
 * The section the back-office opens on when none is asked for: Tonight for
 * the staff role from 3 pm at the venue (they come in to run the service),
 * else the first the role may open.
 */
export function defaultSectionId(role: Role | undefined, now: Date, venueTimezone: string): string | undefined {
  return role === 'staff' && isServiceTime(zonedParts(now, venueTimezone).minutes) ? 'tonight' : undefined
}
