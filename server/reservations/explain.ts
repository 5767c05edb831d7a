/**
 * 'Why isn't it offered?' for staff (issue 34): GET
 * /api/admin/availability/explain asks the booking's own decision
 * (`decideBooking`, as a guest booking online would be decided) about a date,
 * time and party, and tells staff its reason in full: which hours, which
 * limit, which bookings hold the tables that fit. It never decides anything
 * itself, so it cannot disagree with the booking. The table picker of the
 * staff booking form (GET /api/admin/availability/tables) reads the same day.
 */
import type { AvailabilityExplanation, BookedTable, ExplainQuery, TableChoice } from '#common/admin-reservations-schema'
import { lastBookableDate } from '#common/availability'
import { holdersOf, holderText, inSeason, inUseOn, seasonText, timeRange, turnTimeFor, type Candidate } from '#common/tables'
import { formatLongDate, formatTime12 } from '#common/time'
import type { Deps } from '../deps'
import type { BookingSettings, SettingsService } from '../settings/settings-service'
import { bookingRules, decideBooking, type Refusal } from './booking-decision'
import type { NamedHold } from './reservations-data'
import { readStaffDay, type StaffDay } from './seating'
import { staffConflict } from './staff-reservations'

export function createAvailabilityExplainer({ db, clock, config }: Pick<Deps, 'db' | 'clock' | 'config'>, { settings }: { settings: SettingsService }) {
  const timeZone = config.venueTimezone

  return {
    async explain(query: ExplainQuery): Promise<AvailabilityExplanation> {
      const settingsNow = await settings.booking()
      const rules = bookingRules(settingsNow, timeZone)
      const staffDay = await readStaffDay(db.$client, query.date, query.exceptId ?? null, settingsNow.durationMinutes, clock.now())
      const request = { date: query.date, startTime: query.time, partySize: query.partySize }
      const now = clock.now()
      // The guest's decision, their own duplicate aside (staff ask about the time, not a guest).
      const decision = decideBooking(request, { ...staffDay.day, duplicate: false }, rules, now)
      if (decision.outcome === 'accepted') {
        const tables = tablesNamed(decision.seated?.tableIds ?? [], staffDay)
        const reasons =
          decision.seated && decision.seated.tableIds.length === 0
            ? [
                {
                  code: 'no_table_fits',
                  message: `No table for ${query.partySize} is free online at ${formatTime12(query.time)}: the party would be taken as a pending request without a table, and staff assign one when they confirm.`,
                },
              ]
            : []
        return { offered: true, reasons, tables }
      }
      return { offered: false, reasons: [{ code: decision.reason.code, message: staffMessage(decision.reason, request, staffDay, settingsNow, now, timeZone) }], tables: [] }
    },

    /** Every table in use, for the staff form's picker: free ones first, then in the plan's order, each with whom it is taken by. */
    async tables(query: ExplainQuery): Promise<TableChoice[]> {
      const settingsNow = await settings.booking()
      const staffDay = await readStaffDay(db.$client, query.date, query.exceptId ?? null, settingsNow.durationMinutes, clock.now())
      const duration = turnTimeFor(query.partySize, query.date, staffDay.plan.plan.turnTimes, settingsNow.durationMinutes)
      const [start, end] = timeRange(query.time, duration)
      const choices: (TableChoice & { order: [number, number, number] })[] = []
      for (const t of staffDay.plan.plan.tables) {
        const area = staffDay.plan.areaById.get(t.areaId)
        if (!t.isActive || !area?.isActive || !inUseOn(t, query.date)) continue
        const holder = staffDay.holds.find((h) => h.tableId === t.id && h.start < end && start < h.end)
        choices.push({
          id: t.id,
          name: t.name,
          area: area.name,
          minCovers: t.minCovers,
          maxCovers: t.maxCovers,
          onlineBookable: t.onlineBookable,
          free: !holder && !staffDay.closedAreaIds.includes(t.areaId),
          takenBy: holder ? holderText(holder) : staffDay.closedAreaIds.includes(t.areaId) ? `${area.name} is closed that day` : null,
          order: [area.sortOrder, t.sortOrder, t.id],
        })
      }
      choices.sort((a, b) => Number(b.free) - Number(a.free) || a.order[0] - b.order[0] || a.order[1] - b.order[1] || a.order[2] - b.order[2])
      return choices.map(({ order: _order, ...choice }) => choice)
    },
  }
}
export type AvailabilityExplainer = ReturnType<typeof createAvailabilityExplainer>

function tablesNamed(ids: readonly number[], staffDay: StaffDay): BookedTable[] {
  return ids.map((id) => {
    const t = staffDay.plan.tableById.get(id)!
    return { id, name: t.name, area: staffDay.plan.areaById.get(t.areaId)?.name ?? '' }
  })
}

/** The reason in staff's words, with the figures and the bookings behind it. */
function staffMessage(
  reason: Refusal,
  request: { date: string; startTime: string; partySize: number },
  staffDay: StaffDay,
  settings: BookingSettings,
  now: Date,
  timeZone: string,
): string {
  const when = `${formatTime12(request.startTime)} on ${formatLongDate(request.date)}`
  const n = request.partySize
  switch (reason.code) {
    case 'closed':
    case 'between_services': {
      const conflict = staffConflict(request, staffDay.day, settings)
      return conflict?.code === 'outside_hours' ? conflict.message : `${when} does not exist: the clocks go forward then.`
    }
    case 'past':
      return `${when} has already started.`
    case 'notice':
      return `Guests must book at least ${settings.minNoticeMinutes} minutes ahead: ${when} is too soon to book online (staff can still take it).`
    case 'horizon':
      return `Guests can book up to ${settings.maxDaysAhead} days ahead, until ${formatLongDate(lastBookableDate(now, timeZone, settings.maxDaysAhead))}.`
    case 'capacity':
    case 'pacing':
      return staffConflict(request, staffDay.day, settings)?.message ?? reason.message
    case 'no_table_fits': {
      const staffOnly = staffDay.plan.candidates(n, true).filter((c) => !staffDay.plan.candidates(n, false).includes(c))
      const also = staffOnly.length ? ` Staff can seat them at ${names(staffOnly)}.` : ''
      return `No table or combination guests can book online takes a party of ${n}.${also}`
    }
    case 'area_closed': {
      const areaIds = [...new Set(staffDay.plan.candidates(n, false).map((c) => c.areaId))]
      const areas = areaIds.map((id) => staffDay.plan.areaById.get(id)!)
      // A season says why, where a weather closure's date is in the area's list of closures.
      const seasons = areas.filter((a) => !inSeason(a.season, request.date)).map((a) => ` ${a.name} takes bookings ${a.season!.from === a.season!.to ? 'in' : 'from'} ${seasonText(a.season)}.`)
      return `The tables for ${n} are in ${areas.map((a) => a.name).join(' and ')}, closed on ${formatLongDate(request.date)}.${seasons.join('')}`
    }
    case 'tables_taken':
      return tablesTakenMessage(request, staffDay, settings)
    default:
      return reason.message
  }
}

const names = (candidates: readonly Candidate[]) => candidates.map((c) => c.name).join(', ')

/** 'Every table that takes 6 is taken at 7:30pm: T7 by J. Smith (6 guests, 19:00–21:30); T4 + T5 by ...' */
function tablesTakenMessage(request: { date: string; startTime: string; partySize: number }, staffDay: StaffDay, settings: BookingSettings): string {
  const duration = turnTimeFor(request.partySize, request.date, staffDay.plan.plan.turnTimes, settings.durationMinutes)
  const [start, end] = timeRange(request.startTime, duration)
  const taken: string[] = []
  for (const c of staffDay.plan.candidates(request.partySize, false)) {
    if (staffDay.closedAreaIds.includes(c.areaId)) continue
    const holders = holdersOf(c.tableIds, start, end, staffDay.holds)
      .map((id) => staffDay.holds.find((h) => h.reservationId === id) as NamedHold)
      .map(holderText)
    taken.push(`${c.name} by ${holders.join(' and ')}`)
  }
  return `Every table that takes ${request.partySize} online is taken at some time of a ${duration}-minute visit from ${formatTime12(request.startTime)}: ${taken.join('; ')}.`
}
