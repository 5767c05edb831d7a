// The live channel's words (issue 35), apart from common/live.ts: the API client every page loads (app/lib/api.ts)
// needs them, and common/live.ts brings zod with it, which the public pages' scripts must not carry.
export const LIVE_MESSAGES = {
  offlineSince: (time: string) => `Offline since ${time} — changes will show when the connection returns`,
  offlineRefused: "You're offline — this change was not saved. Try again when the connection returns.",
  tooManyStreams: 'Too many screens are open for live changes: close one and reload this page.',
  serverBusy: 'This server has too many live screens open: reload in a minute.',
}

/** The code of the refusal of a change made while offline (an ApiError with status 0). */
export const OFFLINE_CODE = 'offline'
