import { useQuery } from '@tanstack/react-query'
import * as React from 'react'
import { BOOKING_NUMBER_RULES, type BookingNumberKey } from '#common/settings-schema'
import { ADMIN_MESSAGES } from '#common/messages'
import { SITE_ADDRESS_MESSAGES } from '#common/site-address'
import { useCan } from '~/lib/current-user'
import { siteSettingsQuery } from '~/lib/queries/settings'
import { ErrorState, LoadingState, PanelHeader } from '../panel'
import { OpeningHoursEditor } from './opening-hours-editor'
import { SettingsForm, type SettingField } from './settings-form'

const KITCHEN: SettingField[] = [{ key: 'footer_kitchen_hours', label: 'Kitchen hours', hint: 'One line under the opening hours, such as "Kitchen open until 9pm daily, Sundays until 6pm".', wide: true }]

const VENUE: SettingField[] = [
  { key: 'venue_name', label: 'Venue name' },
  { key: 'venue_town', label: 'Town' },
  { key: 'venue_address', label: 'Address', hint: 'On one line, with the postcode.', wide: true },
  { key: 'venue_phone', label: 'Main phone number', type: 'tel' },
  { key: 'venue_phone_secondary', label: 'Second phone number', type: 'tel' },
  { key: 'venue_christmas_phone', label: 'Christmas phone number', type: 'tel', hint: 'On the Christmas page.' },
  { key: 'venue_email', label: 'Email address', type: 'email' },
  { key: 'venue_maps_url', label: 'Map link', type: 'url', hint: 'The "Get directions" link: a Google Maps address, say.', wide: true },
  {
    key: 'site_url',
    label: 'Site address',
    type: 'url',
    hint: "This website's own address, such as https://www.thewheatsheafinn.co.uk. The links in guests' emails (to change or cancel a booking, to stop offers), the sitemap and search results use it.",
    wide: true,
  },
]

const bookingField = (key: BookingNumberKey): SettingField => {
  const r = BOOKING_NUMBER_RULES[key]
  return { key, label: `${r.label} (${r.unit})`, hint: `${r.help} From ${r.min} to ${r.max}.`, type: 'number', min: r.min, max: r.max, step: key === 'booking_duration_minutes' ? 30 : 1 }
}
const BOOKING: SettingField[] = [
  ...(Object.keys(BOOKING_NUMBER_RULES) as BookingNumberKey[]).map(bookingField),
  { key: 'venue_notification_email', label: 'Alerts email', type: 'email', hint: "Where the staff alerts of new bookings, guests' changes and enquiries go. Empty: the venue's email address above." },
]

const GUEST_EMAILS: SettingField[] = [
  {
    key: 'booking_reminder_hours_before',
    label: 'Reminder before a visit (hours)',
    hint: 'How many hours before a confirmed booking the guest is sent a reminder with a link to change or cancel it. A booking made less than that many hours ahead gets none. 0 sends no reminders. From 0 to 168 (a week).',
    type: 'number',
    min: 0,
    max: 168,
    step: 1,
  },
  {
    key: 'review_request_send_time',
    label: 'Review request time',
    hint: 'The time, the morning after a visit, when the guest is asked for a review (24-hour clock, local time at the pub).',
    type: 'time',
  },
  {
    key: 'review_request_url',
    label: 'Review link',
    hint: 'Where the review request sends guests: your Google or Tripadvisor review page, say. Empty: no review requests are sent.',
    type: 'url',
    wide: true,
  },
]

/** Where each setting shows, in plain words (SPEC.md section 2's explanatory card). */
function WhereItShows() {
  return (
    <section aria-labelledby="where-title" className="rounded-lg border border-brass/50 bg-brass/10 p-4 sm:p-5">
      <h2 id="where-title" className="font-display text-xl font-semibold">
        Where these settings appear
      </h2>
      <ul className="mt-2 grid list-disc gap-1 pl-5 text-sm">
        <li>
          <strong>Opening hours display</strong>: the footer of every page, the mobile menu and the contact page.
        </li>
        <li>
          <strong>Kitchen hours</strong>: the footer, under the opening hours.
        </li>
        <li>
          <strong>Venue details</strong>: the header, footer, contact and policy pages, emails to guests and search engines; the site address is where the links in emails lead.
        </li>
        <li>
          <strong>Booking settings</strong>: which times the booking page offers, and which bookings wait for you in Pending Reservations.
        </li>
        <li>
          <strong>Guest emails</strong>: when guests are reminded of their booking and asked for a review after their visit. The wording is in Email Templates.
        </li>
      </ul>
    </section>
  )
}

/**
 * Website Settings (SPEC.md section 2): the footer texts, the venue's details and the booking rules of
 * DESIGN.md section 3. Managers and owners change them; staff read them.
 */
export default function SettingsPanel() {
  const readOnly = !useCan('settings.write')
  const settings = useQuery(siteSettingsQuery)
  const values = React.useMemo(() => Object.fromEntries((settings.data ?? []).map((s) => [s.settingKey, s.settingValue])), [settings.data])
  // A setting the server's environment fixes (PUBLIC_URL) is shown, read-only, with where to change it.
  const venueFields = React.useMemo(() => {
    const fixed = new Set((settings.data ?? []).filter((s) => s.fromEnv).map((s) => s.settingKey))
    return VENUE.map((f) => (fixed.has(f.key) ? { ...f, readOnly: true, hint: SITE_ADDRESS_MESSAGES.fixFromEnv } : f))
  }, [settings.data])
  // The version each key was read at, which its save sends back (issue 33: no lost updates).
  const versions = React.useMemo(() => Object.fromEntries((settings.data ?? []).map((s) => [s.settingKey, s.version])), [settings.data])
  // What every card is given: the stored values, the versions they were read at, and whether this role may save.
  const stored = { values, versions, readOnly }

  return (
    <section aria-labelledby="settings-title" className="space-y-5">
      <PanelHeader
        titleId="settings-title"
        title="Website Settings"
        description={`The words and numbers the site runs on. ${readOnly ? ADMIN_MESSAGES.managerChanges('them') : 'Each card saves on its own.'}`}
      />
      {settings.isPending ? (
        <LoadingState />
      ) : settings.isError ? (
        <ErrorState message="The settings could not be loaded." onRetry={() => void settings.refetch()} />
      ) : (
        <>
          <WhereItShows />
          <OpeningHoursEditor value={values.footer_opening_hours ?? ''} version={versions.footer_opening_hours ?? 0} readOnly={readOnly} />
          <SettingsForm id="kitchen" title="Kitchen Hours" description="The kitchen's hours, shown in the footer." fields={KITCHEN} {...stored} />
          <SettingsForm id="venue" title="Venue Details" description="The pub's name, how to reach it, and this website's address." fields={venueFields} {...stored} />
          <SettingsForm
            id="booking"
            title="Booking Settings"
            description="How online booking fills the pub. Changes apply to the next guest who looks for a table."
            fields={BOOKING}
            {...stored}
          />
          <SettingsForm
            id="guest-emails"
            title="Guest Emails"
            description="The emails a guest gets around a visit: a reminder before it, and a request for a review the morning after."
            fields={GUEST_EMAILS}
            {...stored}
          />
        </>
      )}
    </section>
  )
}
