import { describe, expect, it } from 'vitest'
import {
  CreateReservationSchema,
  EMPTY_RESERVATION_FORM,
  ReservationFormSchema,
  missingInformation,
  normalizeTime,
  reservationFormErrors,
  slotUnavailableMessage,
} from './reservation-schema'

const fieldErrors = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]))

describe('the booking form', () => {
  it('requires name, email, phone and start time after trimming', () => {
    const result = ReservationFormSchema.safeParse({ ...EMPTY_RESERVATION_FORM, name: '  ', email: ' ', phone: '' })
    expect(fieldErrors(result)).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      phone: 'Phone is required',
      startTime: 'Start time is required',
    })
  })
  it('keeps guests between 1 and 20', () => {
    const base = { ...EMPTY_RESERVATION_FORM, name: 'A', email: 'a@b.co', phone: '1', startTime: '19:00' }
    for (const partySize of [0, 21, 2.5]) {
      expect(fieldErrors(ReservationFormSchema.safeParse({ ...base, partySize }))).toEqual({
        partySize: 'Number of guests must be between 1 and 20',
      })
    }
    expect(ReservationFormSchema.safeParse({ ...base, partySize: 20 }).success).toBe(true)
  })
  it("names the first missing field in SPEC.md's order", () => {
    const full = { name: 'Ann', email: 'a@b.co', phone: '07700', date: '2026-12-05', startTime: '19:00' }
    expect(missingInformation({ ...full, name: ' ', email: '' })).toBe('Please enter your name.')
    expect(missingInformation({ ...full, email: '' , phone: ''})).toBe('Please enter your email address.')
    expect(missingInformation({ ...full, phone: '', date: '' })).toBe('Please enter your phone number.')
    expect(missingInformation({ ...full, date: '', startTime: '' })).toBe('Please select a date for your reservation.')
    expect(missingInformation({ ...full, startTime: '' })).toBe('Please select a time for your reservation.')
    expect(missingInformation(full)).toBeNull()
  })
  it('gives the same messages from the zod-free check the page uses', () => {
    const base = { ...EMPTY_RESERVATION_FORM, name: 'A', email: 'a@b.co', phone: '1', startTime: '19:00' }
    const cases = [
      EMPTY_RESERVATION_FORM,
      { ...base, name: ' ' },
      { ...base, partySize: 0 },
      { ...base, partySize: 21 },
      { ...base, partySize: 2.5 },
      base,
    ]
    for (const form of cases) {
      expect(reservationFormErrors(form)).toEqual(fieldErrors(ReservationFormSchema.safeParse(form)))
    }
  })
  it('ticks the offers checkbox by default', () => {
    expect(EMPTY_RESERVATION_FORM.receiveOffers).toBe(true)
  })
})

describe('the reservation API body', () => {
  const page = {
    name: 'Ann',
    email: 'ann@example.com',
    phone: '07700 900 000',
    date: '2026-12-05',
    startTime: '19:30',
    partySize: 2,
    additionalInfo: 'Window seat',
    foodDrinks: 'drinks_only',
    receiveOffers: true,
  }
  it("accepts the booking page's shape", () => {
    expect(CreateReservationSchema.parse(page)).toMatchObject({ startTime: '19:30', additionalInfo: 'Window seat' })
  })
  it("accepts the event dialog's shape with time and specialRequests", () => {
    const { startTime: _s, additionalInfo: _a, ...rest } = page
    const parsed = CreateReservationSchema.parse({ ...rest, time: '7:30 pm', specialRequests: 'Near the band' })
    expect(parsed).toMatchObject({ startTime: '19:30', additionalInfo: 'Near the band' })
  })
  it('lets an event booking leave the time out', () => {
    const { startTime: _s, ...rest } = page
    expect(CreateReservationSchema.safeParse({ ...rest, eventId: 3 }).success).toBe(true)
    expect(fieldErrors(CreateReservationSchema.safeParse(rest))).toEqual({ startTime: 'Start time is required' })
  })
  it('gives every message for an empty body', () => {
    expect(fieldErrors(CreateReservationSchema.safeParse({}))).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      phone: 'Phone is required',
      date: 'Date is required',
      startTime: 'Start time is required',
      partySize: 'Number of guests must be between 1 and 20',
    })
  })
  it('checks the date, the time and the email format', () => {
    expect(fieldErrors(CreateReservationSchema.safeParse({ ...page, date: '2026-02-30', startTime: '25:00', email: 'x' }))).toEqual({
      date: 'Date must be a valid date (YYYY-MM-DD)',
      startTime: 'Start time must be a time such as 19:30',
      email: 'Please enter a valid email address',
    })
  })
})

describe('times and messages', () => {
  it('reads 24-hour and 12-hour times', () => {
    expect(normalizeTime('19:30')).toBe('19:30')
    expect(normalizeTime('7:30')).toBe('07:30')
    expect(normalizeTime('7:30 PM')).toBe('19:30')
    expect(normalizeTime('12:00 am')).toBe('00:00')
    expect(normalizeTime('12:30pm')).toBe('12:30')
    expect(normalizeTime('soon')).toBe('soon')
  })
  it('names the time and the party size when a slot has gone', () => {
    expect(slotUnavailableMessage('7:30 PM', 4)).toBe(
      'Sorry, 7:30 PM is no longer available for 4 guests. Please choose another time.',
    )
    expect(slotUnavailableMessage('7:30 PM', 1)).toContain('for 1 guest.')
  })
})
