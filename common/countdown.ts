import { daysBetween } from './time'

/**
 * Whole days from today ('YYYY-MM-DD', in the venue's zone) to the next 25
 * December: this year's until Christmas Day itself (0), then next year's from
 * 26 December.
 */
export function daysUntilChristmasFrom(today: string): number {
  const year = Number(today.slice(0, 4))
  const thisYear = `${year}-12-25`
  const target = today > thisYear ? `${year + 1}-12-25` : thisYear
  return daysBetween(today, target)
}

/** The countdown bar's text, or null when it is hidden (0 days or fewer). */
export function christmasCountdownText(days: number): string | null {
  if (days <= 0) return null
  return `${days} ${days === 1 ? 'day' : 'days'} until Christmas`
}

/** SPEC.md section 9: the countdown is recomputed hourly. */
export const COUNTDOWN_REFRESH_MS = 60 * 60 * 1000
