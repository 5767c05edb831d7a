/**
 * A staff session ending under an open back-office screen: signed out from another screen or by an owner,
 * the account deactivated, or not used for 12 hours. The API client reports a staff call answered 401 here
 * (app/lib/api.ts), as the live channel does a stream refused for it (app/lib/live.ts); the shell then asks
 * staff to sign in again where they are (app/components/admin/signed-out.tsx), keeping what is on the screen,
 * an unsaved form included, which going to /login would have thrown away.
 */
import * as React from 'react'

export type StaffSession = {
  /** When this screen learnt that its session had ended; null while signed in. */
  endedAt: Date | null
  /** Counts the times staff should be asked to sign in: the first report, and each change tried after it. */
  asks: number
}

let session: StaffSession = { endedAt: null, asks: 0 }
const listeners = new Set<() => void>()
const set = (next: StaffSession) => {
  session = next
  for (const listener of listeners) listener()
}

/**
 * A staff call was refused for want of a session. The first report asks staff to sign in; later ones ask
 * again only for a change they tried (`ask`), not for a screen refetching behind the dialog they put away.
 */
export function sessionEnded({ ask }: { ask: boolean }) {
  if (session.endedAt && !ask) return
  set({ endedAt: session.endedAt ?? new Date(), asks: session.asks + 1 })
}

/** Signed in again. */
export function sessionResumed() {
  if (session.endedAt) set({ endedAt: null, asks: session.asks })
}

export const hasSessionEnded = () => session.endedAt !== null

export function subscribeStaffSession(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useStaffSession(): StaffSession {
  return React.useSyncExternalStore(subscribeStaffSession, () => session, () => session)
}
