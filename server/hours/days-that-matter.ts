import type HolidaysType from 'date-holidays'
import {
  BANNER_WINDOW_DAYS,
  addMonths,
  daysStillOnOrdinaryHours,
  festiveDaysBetween,
  mergeDaysThatMatter,
  type DayThatMatters,
} from '#common/days-that-matter'
import { dayOfWeek, todayIn } from '#common/time'
import type { Deps } from '../deps'
import { createHoursService } from './hours-service'

let englandAndWales: Promise<HolidaysType> | undefined

/**
 * The library's calendar for England and Wales, loaded on first use: its data
 * (every country's rules, about 800 kB) costs a second to parse, which the
 * app's start-up and the public pages need not pay.
 */
function calendar(): Promise<HolidaysType> {
  englandAndWales ??= import('date-holidays').then(({ default: Holidays }) => new Holidays('GB', 'ENG'))
  return englandAndWales
}

/**
 * The bank holidays of England and Wales from `from` (included) to `to`
 * (excluded), from `date-holidays` (region GB, state ENG): no hand-typed list
 * to forget a coronation or a moved May holiday. Observances (Mother's Day,
 * Easter Sunday) are not bank holidays and are left out.
 */
export async function bankHolidaysBetween(from: string, to: string): Promise<{ date: string; name: string }[]> {
  const hd = await calendar()
  const list: { date: string; name: string }[] = []
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    for (const h of hd.getHolidays(year)) {
      const date = h.date.slice(0, 10)
      if ((h.type === 'public' || h.type === 'bank') && date >= from && date < to) list.push({ date, name: h.name })
    }
  }
  return list
}

/**
 * Opening Hours' list of bank holidays and festive days, each with the hours
 * that would apply (the weekday's usual row, or the exception staff set), and
 * the back-office banner's days still on ordinary hours.
 */
export function createDaysThatMatter({ db, clock, config }: Pick<Deps, 'db' | 'clock' | 'config'>) {
  // Reads only: the week's rows and the exceptions.
  const hours = createHoursService(db)
  const today = () => todayIn(clock.now(), config.venueTimezone)

  async function list(from: string, months: number): Promise<DayThatMatters[]> {
    const to = addMonths(from, months)
    const [bank, week, exceptions] = await Promise.all([bankHolidaysBetween(from, to), hours.openingHours(), hours.exceptionsFrom(from)])
    const exceptionOn = new Map(exceptions.map((e) => [e.date, e]))
    return mergeDaysThatMatter(bank, festiveDaysBetween(from, to)).map((day) => {
      const exception = exceptionOn.get(day.date)
      const usual = week.find((w) => w.dayOfWeek === dayOfWeek(day.date))
      const applies = exception ?? usual
      return {
        ...day,
        hours: applies ? { isClosed: applies.isClosed, openTime: applies.openTime, closeTime: applies.closeTime } : { isClosed: true, openTime: null, closeTime: null },
        exception: exception ? { id: exception.id, reason: exception.reason } : null,
      }
    })
  }

  return {
    today,
    list,
    /** The days of the next BANNER_WINDOW_DAYS still on the usual week's hours, soonest first. */
    async stillOnOrdinaryHours(): Promise<DayThatMatters[]> {
      const from = today()
      // Whole months past the window's end, whatever their lengths.
      return daysStillOnOrdinaryHours(await list(from, Math.ceil(BANNER_WINDOW_DAYS / 28)), from)
    },
  }
}
export type DaysThatMatterService = ReturnType<typeof createDaysThatMatter>
