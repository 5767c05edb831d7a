/**
 * Email templates (SPEC.md section 3, DESIGN.md section 4): which messages the
 * app sends, when, to whom, and the variables each can use. Shared by the
 * server (rendering, seeding) and the Email Templates panel.
 */

export const EMAIL_TEMPLATE_KEYS = [
  'booking_confirmed',
  'booking_pending',
  'booking_approved',
  'booking_cancelled',
  'booking_changed',
  'booking_moved_inside',
  'booking_reminder',
  'review_request',
  'enquiry_received',
  'waitlist_joined',
  'waitlist_offer',
  'staff_new_booking',
  'staff_booking_changed',
  'staff_new_enquiry',
  'staff_password_reset',
  'staff_invitation',
] as const
export type EmailTemplateKey = (typeof EMAIL_TEMPLATE_KEYS)[number]

/** The variables of SPEC.md section 9, and the venue's, which every message can use. */
export const BOOKING_VARIABLES = ['customerName', 'date', 'time', 'partySize', 'preference', 'specialRequests', 'venueName', 'venuePhone'] as const
/** A guest's booking messages also carry the link to change or cancel it. */
const GUEST_BOOKING_VARIABLES = [...BOOKING_VARIABLES, 'manageUrl'] as const
/** A large party's request from the public form also carries the link that confirms it (it holds its table for 30 minutes until then). */
const REQUEST_VARIABLES = [...GUEST_BOOKING_VARIABLES, 'confirmUrl'] as const
const STAFF_VARIABLES = [...BOOKING_VARIABLES, 'customerEmail', 'customerPhone', 'status'] as const
const ENQUIRY_VARIABLES = ['customerName', 'eventTitle', 'eventDate', 'eventTime', 'partySize', 'specialRequests', 'venueName', 'venuePhone'] as const
/** A member of staff's password link: whom it is for, the link (made when the message is sent, never stored) and how long it works. */
const PASSWORD_LINK_VARIABLES = ['staffName', 'username', 'passwordUrl', 'linkValidFor', 'venueName', 'venuePhone'] as const

/** A waitlist guest's messages (issue 35): the date, party and times they wait for, and the link to leave. */
const WAITLIST_VARIABLES = ['customerName', 'date', 'times', 'partySize', 'venueName', 'venuePhone', 'leaveUrl'] as const

/** When each message is sent and to whom, in words for staff, and the variables it can fill. */
export const EMAIL_TEMPLATE_INFO: Record<EmailTemplateKey, { name: string; when: string; variables: readonly string[] }> = {
  booking_confirmed: { name: 'Booking confirmed', when: 'To the guest, when a booking of up to 6 is confirmed at once.', variables: GUEST_BOOKING_VARIABLES },
  booking_pending: {
    name: 'Booking received (large party)',
    when: 'To the guest, when a party of 7 or more waits for staff to confirm. {{confirmUrl}} confirms the request: until the guest opens it, the table is held for 30 minutes only.',
    variables: REQUEST_VARIABLES,
  },
  booking_approved: { name: 'Booking approved', when: 'To the guest, when staff confirm a pending booking.', variables: GUEST_BOOKING_VARIABLES },
  booking_cancelled: {
    name: 'Booking cancelled',
    when: 'To the guest, when they cancel with the link in their email, or staff cancel a booking or decline a pending one.',
    variables: BOOKING_VARIABLES,
  },
  booking_changed: { name: 'Booking changed', when: 'To the guest, when they change their booking with the link in their email.', variables: GUEST_BOOKING_VARIABLES },
  booking_moved_inside: {
    name: 'Table moved inside (weather)',
    when: 'To the guest, when staff close a weather-dependent area (the garden) for a date and their booking is moved to a table inside at the same time. Sent once per booking and date.',
    variables: GUEST_BOOKING_VARIABLES,
  },
  booking_reminder: {
    name: 'Booking reminder',
    when: 'To the guest, before a confirmed visit (how many hours before is set in Settings; 0 sends none).',
    variables: GUEST_BOOKING_VARIABLES,
  },
  review_request: {
    name: 'Review request',
    when: 'To the guest, the morning after a confirmed visit, when a review link is set in Settings.',
    variables: [...BOOKING_VARIABLES, 'reviewUrl'],
  },
  enquiry_received: { name: 'Event enquiry received', when: 'To the guest, when they send an event enquiry.', variables: ENQUIRY_VARIABLES },
  waitlist_joined: {
    name: "On the waitlist",
    when: 'To the guest, when they join the waitlist for a full date from the booking page. {{leaveUrl}} takes them off it.',
    variables: WAITLIST_VARIABLES,
  },
  waitlist_offer: {
    name: 'Waitlist: a table came up',
    when: 'To the first waiting guest whose party and times fit, when a cancellation or a change frees a table (or staff offer one by hand). {{claimUrl}} books it; it works for {{offerValidFor}}, then the table is offered to the next guest. Sent once per offer.',
    variables: [...WAITLIST_VARIABLES, 'time', 'offerValidFor', 'claimUrl'],
  },
  staff_new_booking: { name: 'New booking (staff alert)', when: 'To the venue notification address, for every new booking.', variables: STAFF_VARIABLES },
  staff_booking_changed: {
    name: 'Booking changed by guest (staff alert)',
    when: 'To the venue notification address, when a guest changes or cancels their booking with the link in their email.',
    variables: [...STAFF_VARIABLES, 'change'],
  },
  staff_new_enquiry: { name: 'New enquiry (staff alert)', when: 'To the venue notification address, for every new event enquiry.', variables: [...ENQUIRY_VARIABLES, 'customerEmail', 'customerPhone'] },
  staff_password_reset: {
    name: 'Password reset (staff)',
    when: "To a member of staff, when they click 'Forgot password?' or an owner resets their password in Staff Accounts. The link works once, for an hour.",
    variables: PASSWORD_LINK_VARIABLES,
  },
  staff_invitation: {
    name: 'New staff account (staff)',
    when: 'To a new member of staff, when an owner creates their account without a first password. The link works once, for 3 days.',
    variables: PASSWORD_LINK_VARIABLES,
  },
}

/** The templates that carry a password link: no booking summary, and the link is never kept once sent. */
export const PASSWORD_LINK_TEMPLATE_KEYS: readonly EmailTemplateKey[] = ['staff_password_reset', 'staff_invitation']

export const isKnownTemplateKey = (key: string): key is EmailTemplateKey => (EMAIL_TEMPLATE_KEYS as readonly string[]).includes(key)

/** What a preview is filled with. */
export const SAMPLE_VARIABLES: Record<string, string> = {
  customerName: 'Ann Guest',
  customerEmail: 'ann.guest@example.com',
  customerPhone: '07700 900 123',
  date: 'Saturday, 05 December 2026',
  time: '7:30 PM',
  partySize: '4',
  preference: 'Food & Drinks',
  specialRequests: 'A high chair, please',
  status: 'Confirmed',
  eventTitle: 'English Wine Tasting Evening',
  eventDate: 'Thursday 17th December',
  eventTime: '7:00 PM',
  manageUrl: 'https://example.com/booking/manage/sample',
  confirmUrl: 'https://example.com/booking/confirm/sample',
  reviewUrl: 'https://example.com/review',
  change: 'Cancelled by the guest. Was: 7:00 PM, 4 guests.',
  staffName: 'Sam',
  username: 'sam',
  passwordUrl: 'https://example.com/reset-password/sample',
  linkValidFor: '1 hour',
  times: '7:00 PM to 9:00 PM',
  offerValidFor: '30 minutes',
  claimUrl: 'https://example.com/booking/claim/sample',
  leaveUrl: 'https://example.com/waitlist/leave/sample',
}

/** SPEC.md section 8's messages of the Email Templates panel, word for word. */
export const EMAIL_TEMPLATE_MESSAGES = {
  created: 'Template Created',
  updated: 'Template Updated',
  deleted: 'Template Deleted',
  createFailed: 'Failed to create email template',
  updateFailed: 'Failed to update email template',
  deleteFailed: 'Failed to delete email template',
  headerImageFailed: 'Failed to upload header image',
  previewErrorTitle: 'Preview Error',
  previewErrorText: 'Could not generate email preview. Please check the template configuration.',
} as const

/** The delivery log's statuses. */
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number]
