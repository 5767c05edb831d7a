import { MutationObserver, QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { ServiceChange } from '#common/live'
import { applyChange, concernsChange, optimisticMutationKey } from './live'
import { eventKeys } from './queries/events'
import { reservationKeys, tableChoiceKeys } from './queries/reservations'

const change: ServiceChange = { kind: 'reservation', date: '2026-12-05', id: 7 }

describe('which queries a change refetches', () => {
  it("a day's list of that date, a range or search holding it, the pending count; not another day's list", () => {
    expect(concernsChange(reservationKeys.list({ date: '2026-12-05' }), change)).toBe(true)
    expect(concernsChange(reservationKeys.list({ date: '2026-12-06' }), change)).toBe(false)
    expect(concernsChange(reservationKeys.list({ from: '2026-12-01', to: '2026-12-31' }), change)).toBe(true)
    expect(concernsChange(reservationKeys.list({ from: '2026-12-06' }), change)).toBe(false)
    expect(concernsChange(reservationKeys.list({ q: 'ann' }), change)).toBe(true)
    expect(concernsChange(reservationKeys.pendingCount('2026-11-26'), change)).toBe(true)
  })

  it("another screen's query naming the date (the table picker, Tonight), and nothing else", () => {
    expect(concernsChange(tableChoiceKeys.tables({ date: '2026-12-05', time: '19:00', partySize: 2 }), change)).toBe(true)
    expect(concernsChange(['/api/admin/tonight', '2026-12-05'], change)).toBe(true)
    expect(concernsChange(['/api/admin/tonight', '2026-12-06'], change)).toBe(false)
    expect(concernsChange(['/api/admin/events'], change)).toBe(false)
  })

  it("an enquiry's change: the enquiries' list and the sidebar's count, and no screen of its date", () => {
    const enquiry: ServiceChange = { kind: 'enquiry', date: '2026-12-05', id: 3 }
    expect(concernsChange(eventKeys.enquiries, enquiry)).toBe(true)
    expect(concernsChange(eventKeys.enquiryCounts, enquiry)).toBe(true)
    expect(concernsChange(['/api/admin/tonight', '2026-12-05'], enquiry)).toBe(false)
    expect(concernsChange(reservationKeys.list({ date: '2026-12-05' }), enquiry)).toBe(false)
    expect(concernsChange(eventKeys.all, enquiry)).toBe(false)
    // A booking's change leaves the enquiries alone.
    expect(concernsChange(eventKeys.enquiries, change)).toBe(false)
  })

  it("leaves alone a query with one of the screen's own changes on its way, and marks it again once none is", async () => {
    const queryClient = new QueryClient()
    const enquiry: ServiceChange = { kind: 'enquiry', date: '2026-12-05', id: 3 }
    const list = () => queryClient.getQueryCache().find({ queryKey: eventKeys.enquiries, exact: true })!
    const counts = () => queryClient.getQueryCache().find({ queryKey: eventKeys.enquiryCounts, exact: true })!
    queryClient.setQueryData(eventKeys.enquiries, [{ id: 3, status: 'confirmed' }])
    queryClient.setQueryData(eventKeys.enquiryCounts, { pending: 1 })
    // A status saved and not yet answered (the optimistic change of useConfirmedMutation).
    let answer!: () => void
    const saving = new MutationObserver(queryClient, {
      mutationKey: optimisticMutationKey(eventKeys.enquiries),
      mutationFn: () => new Promise<void>((resolve) => (answer = resolve)),
    })
    const saved = saving.mutate()
    await applyChange(queryClient, enquiry)
    expect(list().state.isInvalidated).toBe(false)
    expect(counts().state.isInvalidated).toBe(true)
    answer()
    await saved
    await applyChange(queryClient, enquiry)
    expect(list().state.isInvalidated).toBe(true)
  })
})
