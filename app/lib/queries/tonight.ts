/**
 * The Tonight screen's own reads (issue 35): the free tables for a walk-in
 * now, and the day's waitlist. Their shapes are those of the issue's
 * contracts (GET /api/admin/walk-ins/options, GET /api/admin/waitlist).
 */
import type { AdminWaitlistEntry, WaitlistStatus } from '#common/waitlist-form'
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
