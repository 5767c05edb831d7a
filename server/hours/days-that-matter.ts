import { Worker } from 'node:worker_threads'
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

type Holiday = { date: string; name: string }

/** How long the worker may take to answer (the first answer waits for the library to load). */
const HOLIDAYS_TIMEOUT_MS = 15_000

type HolidaysWorker = { ask(years: number[]): Promise<Record<number, Holiday[]>> }

/** This process's worker, started on the first need; dropped if it fails, so the next need starts another. */
let current: HolidaysWorker | undefined

/**
 * Starts holidays-worker.mjs, which loads the library once (the library never loads on the app's thread)
 * and then answers each question in milliseconds. A worker per question loaded it each time: hostile or
 * just varied years cost a second of loading each on a busy machine.
 */
function startHolidaysWorker(): HolidaysWorker {
  const thread = new Worker(new URL('./holidays-worker.mjs', import.meta.url))
  // It never keeps the process running: a server or a test ends without stopping it.
  thread.unref()
  const waiting = new Map<number, { resolve: (answer: Record<number, Holiday[]>) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }>()
  let nextId = 0
  const fail = (error: Error) => {
    if (current === self) current = undefined
    for (const question of waiting.values()) {
      clearTimeout(question.timer)
      question.reject(error)
    }
    waiting.clear()
  }
  thread.on('message', ({ id, answer }: { id: number; answer: Record<number, Holiday[]> }) => {
    const question = waiting.get(id)
    if (!question) return
    waiting.delete(id)
    clearTimeout(question.timer)
    question.resolve(answer)
  })
  thread.on('error', fail)
  thread.on('exit', (code) => fail(new Error(`The bank holidays worker stopped with code ${code}`)))
  const self: HolidaysWorker = {
    ask: (years) =>
      new Promise((resolve, reject) => {
        const id = nextId++
        const timer = setTimeout(() => {
          fail(new Error('The bank holidays took too long to work out'))
          void thread.terminate()
        }, HOLIDAYS_TIMEOUT_MS)
        timer.unref()
        waiting.set(id, { resolve, reject, timer })
        thread.postMessage({ id, years })
      }),
  }
  return self
}

/** Each year's bank holidays, worked out once per process (they do not change while it runs). */
const byYear = new Map<number, Promise<Holiday[]>>()

function computeYears(years: number[]): Promise<Record<number, Holiday[]>> {
  current ??= startHolidaysWorker()
  return current.ask(years)
}

function holidaysOf(years: number[]): Promise<Holiday[][]> {
  const missing = years.filter((y) => !byYear.has(y))
  if (missing.length > 0) {
    const computed = computeYears(missing)
    for (const year of missing) {
      const one = computed.then((answer) => answer[year] ?? [])
      // A failure is not kept: the next request tries again.
      one.catch(() => byYear.delete(year))
      byYear.set(year, one)
    }
  }
  return Promise.all(years.map((y) => byYear.get(y)!))
}

/**
 * The bank holidays of England and Wales from `from` (included) to `to`
 * (excluded), from `date-holidays` (region GB, state ENG): no hand-typed list
 * to forget a coronation or a moved May holiday.
 */
export async function bankHolidaysBetween(from: string, to: string): Promise<Holiday[]> {
  const years: number[] = []
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) years.push(year)
  return (await holidaysOf(years)).flat().filter((h) => h.date >= from && h.date < to)
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
    const [bank, week, exceptions] = await Promise.all([bankHolidaysBetween(from, to), hours.openingHours(), hours.allExceptions()])
    const exceptionOn = new Map(exceptions.map((e) => [e.date, e]))
    return mergeDaysThatMatter(bank, festiveDaysBetween(from, to)).map((day) => {
      const exception = exceptionOn.get(day.date)
      const usual = week.find((w) => w.dayOfWeek === dayOfWeek(day.date))
      const applies = exception ?? usual
      return {
        ...day,
        hours: applies ? { isClosed: applies.isClosed, openTime: applies.openTime, closeTime: applies.closeTime } : { isClosed: true, openTime: null, closeTime: null },
        exception: exception ? { id: exception.id, reason: exception.reason, version: exception.version, lastOrdersTime: exception.lastOrdersTime } : null,
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
