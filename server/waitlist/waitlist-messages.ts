import { WAITLIST_OFFER_MINUTES } from '#common/waitlist-form'
import { formatLongDate, formatTime12 } from '#common/time'
import type { WaitlistEntry } from '../db/schema'
import type { OutboxMessage } from '../email/outbox'
import { guestsText } from '#common/reservation-form'


/** An entry's variables, in the words a guest reads. */
export function waitlistVariables(e: WaitlistEntry): Record<string, string> {
  return {
    customerName: e.name,
    date: formatLongDate(e.date),
    partySize: String(e.partySize),
    times: e.earliestTime === e.latestTime ? formatTime12(e.earliestTime) : `${formatTime12(e.earliestTime)} to ${formatTime12(e.latestTime)}`,
    time: e.offeredTime ? formatTime12(e.offeredTime) : '',
    offerValidFor: `${WAITLIST_OFFER_MINUTES} minutes`,
  }
}

/** 'You're on the waitlist': once per entry. */
export function joinedMessage(e: WaitlistEntry): OutboxMessage {
  const v = waitlistVariables(e)
  return {
    messageKey: `waitlist:${e.id}:waitlist_joined`,
    templateKey: 'waitlist_joined',
    to: e.email,
    data: {
      variables: v,
      summary: [['Date', v.date!], ['Times', v.times!], ['Guests', guestsText(e.partySize)]],
      guest: true,
      waitlist: { entryId: e.id, date: e.date },
    },
  }
}

/** The offer of a time: once per offer (its key carries the entry's offer count). */
export function offerMessage(e: WaitlistEntry): OutboxMessage {
  const v = waitlistVariables(e)
  return {
    messageKey: `waitlist:${e.id}:waitlist_offer:${e.offerCount}`,
    templateKey: 'waitlist_offer',
    to: e.email,
    data: {
      variables: v,
      summary: [['Date', v.date!], ['Time', v.time!], ['Guests', guestsText(e.partySize)]],
      guest: true,
      waitlist: { entryId: e.id, date: e.date, offer: { n: e.offerCount, expiresAt: e.offerExpiresAt!.toISOString() } },
    },
  }
}
