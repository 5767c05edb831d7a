import type pg from 'pg'
import { describe, expect, it } from 'vitest'
import * as sql from './booking-sql'

// Values a caller might pass, hostile ones among them: none may ever reach a statement's text.
const HOSTILE = `O'Brien'); drop table reservations; --`
const ONE = { text: HOSTILE, date: '2031-02-03', time: '19:30', id: 987_654, key: `key-${HOSTILE}`, at: new Date('2031-02-03T19:30:00Z') }
const OTHER = { text: 'Ann', date: '2027-01-06', time: '12:00', id: 3, key: 'key-1', at: new Date('2027-01-06T12:00:00Z') }
type Values = typeof ONE

const row = (v: Values) => ({
  id: v.id,
  name: v.text,
  email: `${v.text}@example.com`,
  phone: v.text,
  date: v.date,
  startTime: v.time,
  partySize: v.id,
  additionalInfo: v.text,
  foodDrinks: 'food_and_drinks',
  receiveOffers: true,
  status: 'confirmed',
  eventId: v.id,
  idempotencyKey: v.key,
  idempotencyFingerprint: v.text,
  durationMinutes: v.id,
  holdUntil: v.at,
  phoneKey: v.text,
  clientKey: v.key,
  source: 'online' as const,
})

/** Every statement the module builds, from the values given. */
const statements = (v: Values): Record<string, pg.QueryConfig> => ({
  lockDates: sql.lockDatesQuery([v.date, v.text]),
  dayData: sql.dayDataQuery(v.date, v.id, v.at, v.id),
  dayWithout: sql.dayWithoutQuery(v.date, v.id, v.id, v.at, v.id),
  heldSlot: sql.heldSlotQuery(v.text, v.date, v.time, v.id),
  batchDays: sql.batchDaysQuery([v.date], [v.time], [v.text], v.at, { first: [v.time], last: [v.text], reach: [v.id], paced: [v.time] }),
  batchHours: sql.batchHoursQuery([v.date, v.text], [v.id]),
  batchChecks: sql.batchChecksQuery([v.text], [v.date], [v.time], [v.key], [v.text], [v.key]),
  eventReads: sql.eventReadsQuery(v.date, v.id, v.text, v.time, v.key, { phone: v.text, client: v.key }),
  byKey: sql.byIdempotencyKeyQuery(v.key),
  reserveIds: sql.reserveIdsQuery(v.id),
  insert: sql.insertReservationsQuery([row(v)], v.text),
  reservationTables: sql.insertReservationTablesQuery([{ reservationId: v.id, tableId: v.id }]),
  releaseLapsed: sql.releaseLapsedTablesQuery([v.date], v.at),
  consents: sql.marketingConsentsQuery([{ email: v.text, name: v.text }]),
})

// The module's own fixed words: statuses, JSON keys, a table name, a consent's source.
const OWN_LITERALS = new Set(['pending', 'confirmed', '[]', 'dayOfWeek', 'openTime', 'closeTime', 'isClosed', 'lastOrdersTime', 'services', 'date', 'startTime', 'partySize', 'reservations', 'id', 'booking',
  // The tables' reads (issue 34): JSON keys, and the space between a date and a time.
  ' ', 'tableId', 'reservationId', 'start', 'end', 'name', 'sortOrder', 'onlineBookable', 'isActive', 'areaId', 'minCovers', 'maxCovers', 'tableIds',
  'minParty', 'maxParty', 'durationMinutes', 'weekday', 'outOfUseFrom',
  // An area's season (decision 51): its JSON keys.
  'season', 'from', 'to',
  // A finished or no-show party's covers free from a minute (issue 35).
  'freed',
  // A party seated past its time is still at its tables now (decision 52): the visit in a named hold.
  'visitState',
  // The guests' upsert and consent rows (issue 37): a consent's action and places.
  'given', 'booking_form', 'event_dialog'])

describe('booking SQL: only placeholders are spliced', () => {
  it('builds the same text whatever the values, and no value appears in it', () => {
    const one = statements(ONE)
    const other = statements(OTHER)
    for (const [name, statement] of Object.entries(one)) {
      expect(statement.text, name).toBe(other[name]!.text)
      for (const value of [HOSTILE, ONE.date, ONE.key, String(ONE.id), 'O\'Brien']) expect(statement.text, `${name} holds ${value}`).not.toContain(value)
      expect(statement.values?.length, `${name} sends its values as parameters`).toBeGreaterThan(0)
    }
  })

  it('holds no quoted text but its own fixed words', () => {
    const texts = [...Object.values(statements(ONE)).map((s) => s.text), sql.RESERVATION_FIELDS, sql.REPLAY_COLUMNS, sql.planQuery().text]
    for (const text of texts) {
      for (const [, literal] of text.matchAll(/'([^']*)'/g)) expect(OWN_LITERALS, `'${literal}' in ${text.slice(0, 60)}...`).toContain(literal)
      // An odd quote would be half of a spliced value.
      expect((text.match(/'/g) ?? []).length % 2, text.slice(0, 60)).toBe(0)
    }
  })

  it('lets the fragment builders take placeholders and column names only', () => {
    expect(sql.dayColumns('$1', '$2', '$4::timestamptz', '$3::int', { from: 'x.f', to: 't' })).toContain('date = $1')
    expect(sql.guestCountsSql('x.email', 'x.d', 'x.phone', 'x.client')).toContain('phone_key = x.phone')
    expect(sql.heldSlotSql('x.email', 'x.d', 'x.t')).toContain('lower(x.email)')
    for (const value of [`'2026-11-21'`, '2026-11-21', '19:30', '42', `a'b`, '$1; drop table reservations', '1 or 1=1', '$1::int)']) {
      expect(() => sql.dayColumns(value, '$2', '$3'), value).toThrow(/Only a placeholder or a column name/)
      expect(() => sql.dayColumns('$1', '$2', value), value).toThrow(/Only a placeholder or a column name/)
      expect(() => sql.guestCountsSql('$1', '$2', '$3', value), value).toThrow(/Only a placeholder or a column name/)
      expect(() => sql.heldSlotSql('$1', '$2', value), value).toThrow(/Only a placeholder or a column name/)
      expect(() => sql.replayJoin(value), value).toThrow(/Only a placeholder or a column name/)
      expect(() => sql.tablesDayColumns('$1', 'f', value, '$2', '$3::timestamptz'), value).toThrow(/Only a placeholder or a column name/)
      expect(() => sql.tablesDayColumns('$1', 'f', 't', '$2', value), value).toThrow(/Only a placeholder or a column name/)
    }
  })
})
