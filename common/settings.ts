/** Site-setting keys, their defaults and which of them the public may read. */

export const BOOKING_SETTING_DEFAULTS = {
  booking_capacity_covers: '60',
  booking_duration_minutes: '120',
  booking_max_covers_per_slot: '20',
  booking_auto_confirm_max_party: '6',
  booking_min_notice_minutes: '60',
  booking_max_days_ahead: '120',
  venue_notification_email: '',
} as const

/** The visit's lifecycle after booking (issue 15): the reminder before, the review request after. */
export const GUEST_EMAIL_SETTING_DEFAULTS = {
  booking_reminder_hours_before: '24',
  review_request_send_time: '10:00',
  review_request_url: '',
} as const

export const DEFAULT_KITCHEN_HOURS = 'Kitchen open until 9pm daily, Sundays until 6pm'

export const DEFAULT_FOOTER_OPENING_HOURS = [
  'Monday & Tuesday',
  'Closed',
  '',
  'Wednesday & Thursday',
  '4:00pm – 10:30pm',
  '',
  'Friday',
  '4:00pm – 11:30pm',
  '',
  'Saturday',
  '12:00pm – 11:30pm',
  '',
  'Sunday',
  '12:00pm – 7:30pm',
].join('\n')

/** The fictional demo venue. Staff replace these in Settings. */
export const VENUE_SETTING_DEFAULTS = {
  venue_name: 'The Wheatsheaf Inn',
  venue_town: 'Little Hadham',
  venue_address: 'The Wheatsheaf Inn, 12 Church Lane, Little Hadham, Hertfordshire, SG11 2DX',
  venue_phone: '01279 555 014',
  venue_phone_secondary: '07700 900 431',
  venue_christmas_phone: '07700 900 862',
  venue_email: 'hello@wheatsheaf-littlehadham.co.uk',
  venue_maps_url: 'https://maps.google.com/?q=The+Wheatsheaf+Inn+Little+Hadham',
  site_url: 'http://localhost:3000',
} as const

export const FOOTER_SETTING_DEFAULTS = {
  footer_kitchen_hours: DEFAULT_KITCHEN_HOURS,
  footer_opening_hours: DEFAULT_FOOTER_OPENING_HOURS,
} as const

export const PUBLIC_SETTING_KEYS = [
  ...Object.keys(FOOTER_SETTING_DEFAULTS),
  ...Object.keys(VENUE_SETTING_DEFAULTS),
] as readonly string[]

export function isPublicSettingKey(key: string): boolean {
  return PUBLIC_SETTING_KEYS.includes(key)
}

export const SETTING_DESCRIPTIONS: Record<string, string> = {
  booking_capacity_covers: 'Guests seated at once',
  booking_duration_minutes: 'How long a table is held, in minutes',
  booking_max_covers_per_slot: 'Guests whose booking starts in one 30-minute slot (0 = no limit)',
  booking_auto_confirm_max_party: 'Parties up to this size are confirmed at once',
  booking_min_notice_minutes: 'A same-day slot must start at least this many minutes after now',
  booking_max_days_ahead: 'The furthest date, in days, that can be booked',
  venue_notification_email: "Where staff alerts are sent (empty: the venue's email address)",
  booking_reminder_hours_before: 'Hours before a confirmed visit that the guest is reminded (0 = no reminders)',
  review_request_send_time: 'Venue time the morning after a visit when the review request is sent',
  review_request_url: 'Where the review request sends guests (empty = no review requests)',
  footer_kitchen_hours: 'Kitchen hours note shown in the footer',
  footer_opening_hours: 'Opening hours shown in the footer, mobile menu and contact page',
  venue_name: 'Venue name',
  venue_town: 'Venue town',
  venue_address: 'Venue postal address',
  venue_phone: 'Main phone number',
  venue_phone_secondary: 'Second phone number',
  venue_christmas_phone: 'Christmas bookings phone number',
  venue_email: 'Contact email address',
  venue_maps_url: 'Link to the venue on a map',
  site_url: 'Public address of the site, used in every link of every email, canonical links and the sitemap (PUBLIC_URL wins over it)',
}

export const COCKTAILS_DEFAULTS = {
  introText:
    'Shaken, stirred and served with a smile. Our bar team mix the classics alongside a few house favourites, made with local spirits and fresh fruit.',
  descriptionText:
    'Pull up a stool at the bar or take a jug out into the garden. Ask us about seasonal specials and alcohol-free versions of any cocktail on the list.',
  specialOfferTitle: '2 for £14',
  specialOfferDetails: 'Two classic cocktails for £14',
  specialOfferTimes: 'Wednesday to Saturday, 6:00pm to 9:00pm',
  galleryImages: [] as string[],
}
export type CocktailsContent = typeof COCKTAILS_DEFAULTS
