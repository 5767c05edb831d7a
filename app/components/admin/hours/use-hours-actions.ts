import type { HourExceptionRow, OpeningHoursRow } from '#common/hours'
import type { HourExceptionInput, OpeningHoursChange } from '#common/hours-schema'
import { ADMIN_MESSAGES } from '#common/messages'
import type { BookingService } from '#common/services'
import { apiRequest } from '~/lib/api'
import { hoursKeys } from '~/lib/queries/hours'
import { noticesKeys } from '~/lib/queries/notices'
import { availabilityKeys } from '~/lib/queries/reservations'
import { useConfirmedMutation } from '../confirm'

// Hours change what guests can book: the public hours and the slots are refetched too, and the days-that-matter list and banner.
const afterChange = [hoursKeys.week, hoursKeys.exceptions, hoursKeys.public, availabilityKeys.all, noticesKeys.all, noticesKeys.daysThatMatter]

/** A change to one weekday (Standard Hours), through the confirm step. */
export function useDayChange() {
  return useConfirmedMutation({
    // The day's version as the panel read it: a change over someone else's newer one comes back 409.
    mutationFn: ({ dayOfWeek, change, version }: { dayOfWeek: number; change: OpeningHoursChange; version: number }) =>
      apiRequest<OpeningHoursRow>('PUT', `/api/admin/opening-hours/${dayOfWeek}`, { ...change, version }),
    success: ADMIN_MESSAGES.updated,
    invalidate: afterChange,
  })
}

/** A day's booking services replaced whole (issue 36): a weekday's or an exception's, at the version the panel read. */
export function useServicesChange(options: { onSaved?: () => void } = {}) {
  return useConfirmedMutation({
    mutationFn: ({ kind, id, services, version }: { kind: 'weekday' | 'exception'; id: number; services: BookingService[]; version: number }) =>
      apiRequest<OpeningHoursRow | HourExceptionRow>(
        'PUT',
        kind === 'weekday' ? `/api/admin/opening-hours/${id}/services` : `/api/admin/hour-exceptions/${id}/services`,
        { services, version },
      ),
    success: ADMIN_MESSAGES.updated,
    invalidate: afterChange,
    onSuccess: () => options.onSaved?.(),
  })
}

/** Adding, editing and deleting hour exceptions, each through the confirm step. */
export function useExceptionActions(options: { onSaved?: () => void } = {}) {
  const save = useConfirmedMutation({
    // An edit carries the version it was read at: a save over someone else's newer change comes back 409 (the conflict dialog).
    mutationFn: ({ id, values, version }: { id?: number; values: HourExceptionInput; version?: number }) =>
      id === undefined
        ? apiRequest<HourExceptionRow>('POST', '/api/admin/hour-exceptions', values)
        : apiRequest<HourExceptionRow>('PUT', `/api/admin/hour-exceptions/${id}`, { ...values, version }),
    success: ({ id }) => (id === undefined ? ADMIN_MESSAGES.saved : ADMIN_MESSAGES.updated),
    invalidate: afterChange,
    onSuccess: () => options.onSaved?.(),
  })
  const remove = useConfirmedMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/admin/hour-exceptions/${id}`),
    success: ADMIN_MESSAGES.deleted,
    invalidate: afterChange,
  })
  return { save, remove }
}
