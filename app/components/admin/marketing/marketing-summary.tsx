import * as React from 'react'
import { marketingSummary, RECENT_ACTIVITY_DAYS, type MarketingEmail } from '#common/marketing'
import { formatInstant } from '#common/time'
import { AdminContext } from '../admin-context'

function Stat({ label, value, hint }: { label: string; value: React.ReactNode; hint: string }) {
  return (
    <div className="rounded-lg border border-border bg-card p-4">
      <dt className="text-sm font-semibold text-muted-foreground">{label}</dt>
      <dd className="mt-1 font-display text-2xl font-bold">{value}</dd>
      <dd className="text-sm text-muted-foreground">{hint}</dd>
    </div>
  )
}

/** The summary (SPEC.md section 2): total customers, latest opt-in, recent activity. */
export function MarketingSummary({ rows }: { rows: readonly MarketingEmail[] }) {
  const { venueTimezone } = React.useContext(AdminContext)
  const { total, latestOptIn, recent } = marketingSummary(rows, new Date())
  return (
    <dl className="grid gap-3 sm:grid-cols-3" aria-label="Summary" data-testid="marketing-summary">
      <Stat label="Total customers" value={total} hint={total === 1 ? 'guest happy to hear from you' : 'guests happy to hear from you'} />
      <Stat label="Latest opt-in" value={latestOptIn ? formatInstant(latestOptIn, venueTimezone).split(',')[0] : '—'} hint={latestOptIn ? formatInstant(latestOptIn, venueTimezone) : 'Nobody yet'} />
      <Stat label="Recent activity" value={recent} hint={`booked in the last ${RECENT_ACTIVITY_DAYS} days`} />
    </dl>
  )
}
