// The live channel's words (issue 35), and those of a staff session ending under an open screen, apart from
// common/live.ts: the API client every page loads (app/lib/api.ts) needs them, and common/live.ts brings zod with
// it, which the public pages' scripts must not carry.
export const LIVE_MESSAGES = {
  offlineSince: (time: string) => `Offline since ${time} — changes will show when the connection returns`,
  /** The server answers, but this screen hears no changes: a stream refused or ended, or the server's listener down. */
  pausedSince: (time: string) => `Live updates paused since ${time} — other screens' changes will show when they resume; yours are still saved`,
  offlineRefused: "You're offline — this change was not saved. Try again when the connection returns.",
  tooManyStreams: 'Too many screens are open for live changes: close one and reload this page.',
  serverBusy: 'This server has too many live screens open: reload in a minute.',
}

/** The code of the refusal of a change made while offline (an ApiError with status 0). */
export const OFFLINE_CODE = 'offline'

/** A back-office screen whose session ended under it (signed out elsewhere, deactivated, or unused for 12 hours). */
export const SIGNED_OUT_MESSAGES = {
  title: 'You have been signed out',
  text: 'Your session ended: it was signed out from another screen, or not used for 12 hours. Sign in again to carry on. This screen stays as it is, so a change that was not saved can be saved again.',
  since: (time: string) => `Signed out at ${time} — sign in again to see changes and make them`,
  refused: 'You have been signed out, so this was not saved. Sign in again, then save it again.',
  signedInAgain: 'Signed in again',
  noConnection: "You're offline, so you could not be signed in. Try again when the connection returns.",
}

/** The code of the refusal of a staff call once the session has ended (an ApiError with status 401). */
export const SIGNED_OUT_CODE = 'signed_out'
