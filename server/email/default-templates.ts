import { EMAIL_TEMPLATE_INFO, type EmailTemplateKey } from '#common/email'
import type { emailTemplates } from '../db/schema'

type NewTemplate = typeof emailTemplates.$inferInsert

const bookingSummaryText = `Date: {{date}}
Time: {{time}}
Guests: {{partySize}}
Preference: {{preference}}
Special requests: {{specialRequests}}`

/** The guest's link to change or cancel, as a button and as its text line. */
const MANAGE_BUTTON = { buttonOneText: 'Change or cancel', buttonOneUrl: '{{manageUrl}}' }
const manageLinkText = `Change or cancel: {{manageUrl}}
(up to 2 hours before your visit; after that, call us on {{venuePhone}})`

/** The two password-link emails: plain and short, the link as a button and as text, and what to do if it was not you. */
const passwordLinkTemplates = {
  staff_password_reset: {
    subject: 'Your password reset link for {{venueName}}',
    heroTitle: 'Reset Your Password',
    greetingText: 'Hello {{staffName}},',
    messageText:
      'Someone (we hope you) asked to reset the password of your back-office account, {{username}}. Use the button below to choose a new one. The link works once, for {{linkValidFor}}; signing in with it signs you out everywhere else.',
    buttonOneText: 'Choose a new password',
    buttonOneUrl: '{{passwordUrl}}',
    footerText: 'If you did not ask for this, ignore this email: your password stays as it is. Tell the manager if it keeps happening.',
    textContent: `Hello {{staffName}},

Someone (we hope you) asked to reset the password of your back-office account, {{username}}.

Choose a new password here (the link works once, for {{linkValidFor}}):
{{passwordUrl}}

If you did not ask for this, ignore this email: your password stays as it is. Tell the manager if it keeps happening.

{{venueName}}`,
  },
  staff_invitation: {
    subject: 'Your back-office account at {{venueName}}',
    heroTitle: 'Welcome to the Team',
    greetingText: 'Hello {{staffName}},',
    messageText:
      'An account has been made for you in the {{venueName}} back-office, where we take bookings and run the evening. Your username is {{username}}. Use the button below to choose your password: the link works once, for {{linkValidFor}}.',
    buttonOneText: 'Choose your password',
    buttonOneUrl: '{{passwordUrl}}',
    footerText: 'If the link has run out, ask the owner to send you a new one from Staff Accounts.',
    textContent: `Hello {{staffName}},

An account has been made for you in the {{venueName}} back-office, where we take bookings and run the evening.

Username: {{username}}
Choose your password here (the link works once, for {{linkValidFor}}):
{{passwordUrl}}

If the link has run out, ask the owner to send you a new one from Staff Accounts.

{{venueName}}`,
  },
}

/** The wording each message starts with; staff change it in Email Templates. */
const DEFAULTS: Record<EmailTemplateKey, Omit<NewTemplate, 'templateKey' | 'name' | 'description' | 'variables'>> = {
  booking_confirmed: {
    subject: 'Your table at {{venueName}} is booked: {{date}} at {{time}}',
    heroTitle: 'Booking Confirmed',
    greetingText: 'Hello {{customerName}},',
    messageText: 'Thank you for booking with us. Your table is confirmed and we look forward to welcoming you.',
    ...MANAGE_BUTTON,
    footerText: 'Need to change or cancel? Use the button above up to 2 hours before your visit; after that, call us on {{venuePhone}}.',
    textContent: `Hello {{customerName}},

Thank you for booking with us. Your table is confirmed and we look forward to welcoming you.

${bookingSummaryText}

${manageLinkText}

{{venueName}}`,
  },
  booking_pending: {
    subject: 'Please confirm your booking request for {{partySize}} on {{date}}',
    heroTitle: 'Reservation Received',
    greetingText: 'Hello {{customerName}},',
    messageText:
      'Thank you for your booking request. {{#confirmUrl}}Please confirm it with the button below: until you do, we hold your table for 30 minutes only. {{/confirmUrl}}For parties of more than 6 we confirm every booking personally: we will call you within 24 hours. If you would rather talk to us now, call {{venuePhone}}.',
    buttonOneText: 'Confirm my request',
    buttonOneUrl: '{{confirmUrl}}',
    buttonTwoText: MANAGE_BUTTON.buttonOneText,
    buttonTwoUrl: MANAGE_BUTTON.buttonOneUrl,
    footerText: 'Once you have confirmed it, your table is held for you until we have spoken.',
    textContent: `Hello {{customerName}},

Thank you for your booking request.{{#confirmUrl}} Please confirm it: until you do, we hold your table for 30 minutes only.

Confirm my request: {{confirmUrl}}{{/confirmUrl}}

For parties of more than 6 we confirm every booking personally: we will call you within 24 hours. If you would rather talk to us now, call {{venuePhone}}.

${bookingSummaryText}

Change or cancel: {{manageUrl}}

Once you have confirmed it, your table is held for you until we have spoken.

{{venueName}}`,
  },
  booking_approved: {
    subject: 'Your booking at {{venueName}} is confirmed: {{date}} at {{time}}',
    heroTitle: 'Booking Confirmed',
    greetingText: 'Hello {{customerName}},',
    messageText: 'Good news: we have confirmed your table for {{partySize}}. We look forward to seeing you.',
    ...MANAGE_BUTTON,
    footerText: 'Need to change or cancel? Use the button above up to 2 hours before your visit; after that, call us on {{venuePhone}}.',
    textContent: `Hello {{customerName}},

Good news: we have confirmed your table for {{partySize}}. We look forward to seeing you.

${bookingSummaryText}

${manageLinkText}

{{venueName}}`,
  },
  booking_cancelled: {
    subject: 'Your booking at {{venueName}} on {{date}} has been cancelled',
    heroTitle: 'Booking Cancelled',
    greetingText: 'Hello {{customerName}},',
    messageText:
      'Your booking below has been cancelled. If this is a surprise, or you would like to book another time, please call us on {{venuePhone}}.',
    footerText: 'We hope to see you another time.',
    textContent: `Hello {{customerName}},

Your booking below has been cancelled. If this is a surprise, or you would like to book another time, please call us on {{venuePhone}}.

${bookingSummaryText}

We hope to see you another time.

{{venueName}}`,
  },
  booking_changed: {
    subject: 'Your booking at {{venueName}} is now {{date}} at {{time}}',
    heroTitle: 'Booking Changed',
    greetingText: 'Hello {{customerName}},',
    messageText: 'We have changed your booking as you asked. Here are the new details.',
    ...MANAGE_BUTTON,
    footerText: 'Plans changed again? Use the button above up to 2 hours before your visit, or call us on {{venuePhone}}.',
    textContent: `Hello {{customerName}},

We have changed your booking as you asked. Here are the new details.

${bookingSummaryText}

${manageLinkText}

{{venueName}}`,
  },
  booking_moved_inside: {
    subject: "Rain is forecast, so we've moved your table inside",
    heroTitle: 'Moved Inside',
    greetingText: 'Hello {{customerName}},',
    messageText: "Rain is forecast, so we've moved your table inside. Your booking is at the same time, on the same day; nothing else has changed.",
    ...MANAGE_BUTTON,
    footerText: 'Any questions? Call us on {{venuePhone}}.',
    textContent: `Hello {{customerName}},

Rain is forecast, so we've moved your table inside. Your booking is at the same time, on the same day; nothing else has changed.

${bookingSummaryText}

${manageLinkText}

{{venueName}}`,
  },
  booking_reminder: {
    subject: 'See you soon: your table at {{venueName}}, {{date}} at {{time}}',
    heroTitle: 'See You Soon',
    greetingText: 'Hello {{customerName}},',
    messageText: 'A quick reminder of your table with us. If your plans have changed, please let us know so we can offer the table to someone else.',
    ...MANAGE_BUTTON,
    footerText: 'Up to 2 hours before your visit you can change or cancel with the button above; after that, call us on {{venuePhone}}.',
    textContent: `Hello {{customerName}},

A quick reminder of your table with us. If your plans have changed, please let us know so we can offer the table to someone else.

${bookingSummaryText}

${manageLinkText}

{{venueName}}`,
  },
  review_request: {
    subject: 'Thank you for visiting {{venueName}}',
    heroTitle: 'Thank You for Visiting',
    greetingText: 'Hello {{customerName}},',
    messageText:
      'Thank you for joining us on {{date}}. We hope you had a lovely time. If you have a minute, a short review helps a small country pub more than you might think.',
    buttonOneText: 'Leave a review',
    buttonOneUrl: '{{reviewUrl}}',
    footerText: 'Something not right? Reply to this email or call us on {{venuePhone}}: we would like to know.',
    textContent: `Hello {{customerName}},

Thank you for joining us on {{date}}. We hope you had a lovely time. If you have a minute, a short review helps a small country pub more than you might think.

Leave a review: {{reviewUrl}}

Something not right? Reply to this email or call us on {{venuePhone}}: we would like to know.

{{venueName}}`,
  },
  enquiry_received: {
    subject: 'We have your enquiry about {{eventTitle}}',
    heroTitle: 'Enquiry Received',
    greetingText: 'Hello {{customerName}},',
    messageText: "Thank you for your enquiry about {{eventTitle}} on {{eventDate}}. We'll be in touch within 24 hours with more details.",
    summaryTitle: 'Your Enquiry',
    footerText: 'Questions in the meantime? Call us on {{venuePhone}}.',
    textContent: `Hello {{customerName}},

Thank you for your enquiry about {{eventTitle}} on {{eventDate}}. We'll be in touch within 24 hours with more details.

Event: {{eventTitle}}
Date: {{eventDate}}
Time: {{eventTime}}
Guests: {{partySize}}
Special requests: {{specialRequests}}

Questions in the meantime? Call us on {{venuePhone}}.

{{venueName}}`,
  },
  staff_new_booking: {
    subject: 'New booking: {{customerName}}, {{partySize}} on {{date}} at {{time}} ({{status}})',
    heroTitle: 'New Booking',
    greetingText: 'A new table booking has come in.',
    messageText: '{{customerName}} · {{customerPhone}} · {{customerEmail}}',
    summaryTitle: 'Booking',
    footerText: 'Pending bookings wait for you in the back-office under Pending Reservations.',
    textContent: `A new table booking has come in ({{status}}).

Name: {{customerName}}
Phone: {{customerPhone}}
Email: {{customerEmail}}
${bookingSummaryText}`,
  },
  staff_booking_changed: {
    subject: 'Booking changed by guest: {{customerName}}, {{partySize}} on {{date}} at {{time}} ({{status}})',
    heroTitle: 'Booking Changed by Guest',
    greetingText: '{{change}}',
    messageText: '{{customerName}} · {{customerPhone}} · {{customerEmail}}',
    summaryTitle: 'Booking now',
    footerText: 'The booking and its history are in the back-office under All Reservations.',
    textContent: `A guest changed their booking with the link in their email.

{{change}}

Name: {{customerName}}
Phone: {{customerPhone}}
Email: {{customerEmail}}
Status: {{status}}
${bookingSummaryText}`,
  },
  staff_new_enquiry: {
    subject: 'New enquiry: {{customerName}} about {{eventTitle}}',
    heroTitle: 'New Event Enquiry',
    greetingText: 'A new event enquiry has come in.',
    messageText: '{{customerName}} · {{customerPhone}} · {{customerEmail}}',
    summaryTitle: 'Enquiry',
    footerText: 'Answer it from the back-office under Event Enquiries.',
    textContent: `A new event enquiry has come in.

Name: {{customerName}}
Phone: {{customerPhone}}
Email: {{customerEmail}}
Event: {{eventTitle}}
Date: {{eventDate}}
Time: {{eventTime}}
Guests: {{partySize}}
Special requests: {{specialRequests}}`,
  },
  waitlist_joined: {
    subject: "You're on the waitlist at {{venueName}}: {{date}}",
    heroTitle: "You're on the Waitlist",
    greetingText: 'Hello {{customerName}},',
    messageText:
      "Thank you: you're on our waitlist for a table for {{partySize}} on {{date}}, between {{times}}. If a table comes up at one of those times, we'll email you a link to book it. Waiting guests are offered tables in the order they joined.",
    buttonOneText: 'Leave the waitlist',
    buttonOneUrl: '{{leaveUrl}}',
    footerText: 'Plans changed? Use the button above to leave the waitlist, or call us on {{venuePhone}}.',
    textContent: `Hello {{customerName}},

Thank you: you're on our waitlist for a table for {{partySize}} on {{date}}, between {{times}}.

If a table comes up at one of those times, we'll email you a link to book it. Waiting guests are offered tables in the order they joined.

Leave the waitlist: {{leaveUrl}}

{{venueName}} · {{venuePhone}}`,
  },
  waitlist_offer: {
    subject: 'A table has come up at {{venueName}}: {{date}} at {{time}}',
    heroTitle: 'A Table Has Come Up',
    greetingText: 'Hello {{customerName}},',
    messageText:
      'Good news: a table for {{partySize}} has come up on {{date}} at {{time}}. It is yours if you book it within {{offerValidFor}}; after that we offer it to the next guest on the waitlist.',
    buttonOneText: 'Book this table',
    buttonOneUrl: '{{claimUrl}}',
    buttonTwoText: 'Leave the waitlist',
    buttonTwoUrl: '{{leaveUrl}}',
    footerText: 'If someone books it first, you keep your place on the waitlist. Questions? Call us on {{venuePhone}}.',
    textContent: `Hello {{customerName}},

Good news: a table for {{partySize}} has come up on {{date}} at {{time}}.

Book it within {{offerValidFor}} here:
{{claimUrl}}

After that we offer it to the next guest on the waitlist. If someone books it first, you keep your place.

Leave the waitlist: {{leaveUrl}}

{{venueName}} · {{venuePhone}}`,
  },
  ...passwordLinkTemplates,
}

/** The row Quick Setup (and the first start) creates for a key. */
export function defaultTemplate(key: EmailTemplateKey): NewTemplate {
  const info = EMAIL_TEMPLATE_INFO[key]
  return { templateKey: key, name: info.name, description: info.when, variables: [...info.variables], ...DEFAULTS[key] }
}
