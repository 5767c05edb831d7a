/**
 * The Tonight screen's own reads (issue 35): the free tables for a walk-in
 * now, the day's waitlist, and the walk-in queue (docs/decisions/0053). Their
 * shapes are those of the contracts (GET /api/admin/walk-ins/options,
 * GET /api/admin/waitlist, GET /api/admin/walk-in-queue).
 */
import type { AdminWaitlistEntry, WaitlistStatus } from '#common/waitlist-form'
import type { QueueDay } from '#common/walk-in-queue-schema'
import type { WalkInOptions } from '#common/walk-ins-schema'
import { ApiError, throwIfNotOk } from '../api'

export const walkInKeys = {
  all: ['/api/admin/walk-ins'] as const,
  options: (partySize: number) => [...walkInKeys.all, 'options', partySize] as const,
}

export async function fetchWalkInOptions(partySize: number): Promise<WalkInOptions> {
  const res = await fetch(`/api/admin/walk-ins/options?partySize=${partySize}`, { credentials: 'include' })
  await throwIfNotOk(res)
  return (await res.json()) as WalkInOptions
}

/** The walk-in queue, keyed by the venue's date so that a change of that date (a party in the queue, or a table freed) reads it again. */
export const walkInQueueKeys = {
  all: ['/api/admin/walk-in-queue'] as const,
  day: (date: string) => [...walkInQueueKeys.all, date] as const,
}

/** Today's walk-in queue, in the order they joined, with the table free now for each party waiting. */
export async function fetchWalkInQueue(): Promise<QueueDay> {
  const res = await fetch('/api/admin/walk-in-queue', { credentials: 'include' })
  await throwIfNotOk(res)
  return (await res.json()) as QueueDay
}

/** A waitlist entry as staff see it: `AdminWaitlistEntry` of common/waitlist-form.ts. */
export type WaitlistEntry = AdminWaitlistEntry
export type { WaitlistStatus }

export const waitlistKeys = {
  all: ['/api/admin/waitlist'] as const,
  day: (date: string) => [...waitlistKeys.all, date] as const,
}

/** The day's waitlist, oldest first (the server numbers the waiting and offered entries' places). */
export async function fetchWaitlist(date: string): Promise<WaitlistEntry[]> {
  const res = await fetch(`/api/admin/waitlist?date=${date}`, { credentials: 'include' })
  await throwIfNotOk(res)
  return ((await res.json()) as { entries: WaitlistEntry[] }).entries
}

/** A refusal's words as the server gave them (a 409's message), else the fallback. */
export const refusalOf = (error: unknown, fallback: string) =>
  error instanceof ApiError ? error.serverMessage : fallback
