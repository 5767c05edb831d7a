import { Pause, WifiOff } from 'lucide-react'
import * as React from 'react'
import { LIVE_MESSAGES } from '#common/live'
import { minutesToTime, zonedParts } from '#common/time'
import { wantPageToaster } from '~/components/ui/toaster-demand'
import { useLiveChanges } from '~/lib/live'
import { AdminContext } from './admin-context'

/**
 * The back-office's live channel, mounted once in the shell (app/routes/admin.tsx),
 * and its banner while it is down: 'Offline since 19:42 — …', the time it
 * dropped in the venue's 24-hour clock, or 'Live updates paused since 19:42 —
 * …' when the server still answers and changes made here are saved; a polite
 * status that screen readers read when it appears (none while online: panels
 * wait for their own statuses to go).
 */
export function LiveChannel() {
  const { offlineSince, changesRefused } = useLiveChanges()
  const { venueTimezone } = React.useContext(AdminContext)
  // The toasts' code loads now, while the connection is there: loaded on a first click made offline, it would
  // fail, and take the screen with it, where staff should read that their change was not saved.
  React.useEffect(wantPageToaster, [])
  if (!offlineSince) return null
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="offline-banner"
      className="mb-4 flex items-center gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-semibold text-amber-950 print:hidden"
    >
      {changesRefused ? <WifiOff className="size-5 shrink-0" aria-hidden="true" /> : <Pause className="size-5 shrink-0" aria-hidden="true" />}
      {(changesRefused ? LIVE_MESSAGES.offlineSince : LIVE_MESSAGES.pausedSince)(minutesToTime(zonedParts(offlineSince, venueTimezone).minutes))}
    </p>
  )
}
