/**
 * The back-office's sections (SPEC.md section 2), in order: panels inside the
 * one /admin route. Each panel is its own chunk, loaded when opened. Adding a
 * panel is a folder under components/admin and one line here.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import { CountBadge } from './panel'
import { usePendingReservations } from './pending/use-pending'

export type AdminSection = {
  id: string
  label: string
  Panel?: LazyExoticComponent<ComponentType>
  /** Shown beside the label in the sidebar. */
  Badge?: ComponentType
}

/** The pending count beside Pending Reservations, when above 0. */
function PendingBadge() {
  const total = usePendingReservations().data?.total ?? 0
  return total > 0 ? <CountBadge count={total} label={total === 1 ? 'pending reservation' : 'pending reservations'} /> : null
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { id: 'reservations', label: 'All Reservations', Panel: lazy(() => import('./reservations/reservations-panel')) },
  { id: 'pending', label: 'Pending Reservations', Panel: lazy(() => import('./pending/pending-panel')), Badge: PendingBadge },
  { id: 'hours', label: 'Opening Hours', Panel: lazy(() => import('./hours/hours-panel')) },
  { id: 'events', label: 'Events Management', Panel: lazy(() => import('./events/events-panel')) },
  { id: 'enquiries', label: 'Event Enquiries', Panel: lazy(() => import('./enquiries/enquiries-panel')) },
  { id: 'menus', label: 'PDF Menus', Panel: lazy(() => import('./menus/menus-panel')) },
  { id: 'cocktails', label: 'Cocktails', Panel: lazy(() => import('./cocktails/cocktails-panel')) },
  { id: 'hero-slides', label: 'Hero Slides', Panel: lazy(() => import('./hero-slides/hero-slides-panel')) },
  { id: 'marketing', label: 'Marketing Emails', Panel: lazy(() => import('./marketing/marketing-panel')) },
  { id: 'email-templates', label: 'Email Templates', Panel: lazy(() => import('./email-templates/email-templates-panel')) },
  { id: 'settings', label: 'Settings', Panel: lazy(() => import('./settings/settings-panel')) },
]
