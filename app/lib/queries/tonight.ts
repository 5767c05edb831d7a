/**
 * The Tonight screen's own reads (issue 35): the free tables for a walk-in
 * now, and the day's waitlist. Their shapes are those of the issue's
 * contracts (GET /api/admin/walk-ins/options, GET /api/admin/waitlist).
 */
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

export const WAITLIST_STATUSES = ['waiting', 'offered', 'claimed', 'expired', 'removed', 'left'] as const
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number]
/** As `AdminWaitlistEntry` of the waitlist's branch (common/waitlist-form.ts) has it; `position` is null once not waiting. */
export type WaitlistEntry = {
  id: number
  position: number | null
  name: string
  email: string
  phone: string
  partySize: number
  earliestTime: string
  latestTime: string
  status: WaitlistStatus
  offeredTime: string | null
  offerExpiresAt: string | null
  createdAt: string
}

export const waitlistKeys = {
  all: ['/api/admin/waitlist'] as const,
  day: (date: string) => [...waitlistKeys.all, date] as const,
}

/** The day's waitlist, or null where the server has none (404: a build without the waitlist). */
export async function fetchWaitlist(date: string): Promise<WaitlistEntry[] | null> {
  const res = await fetch(`/api/admin/waitlist?date=${date}`, { credentials: 'include' })
  if (res.status === 404) return null
  await throwIfNotOk(res)
  return ((await res.json()) as { entries: WaitlistEntry[] }).entries
}

/** A refusal's words as the server gave them (a 409's message), else the fallback. */
export const refusalOf = (error: unknown, fallback: string) =>
  error instanceof ApiError ? error.serverMessage : fallback
