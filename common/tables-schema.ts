/**
 * The floor plan's admin API (issue 34): areas, tables, combinations, turn
 * times and area closures. The schemas and messages shared by the routes and
 * the Tables & Areas panel, and the pure check of a list of turn-time rules
 * (gaps and overlaps). The engine's rules (which table fits, the turn time
 * for a party) live in common/tables.ts.
 */
import { z } from 'zod'
import { ADMIN_PARTY_MAX } from './admin-reservations-schema'
import { IdSchema, PG_INTEGER_MAX, text, wholeNumber } from './fields-schema'
import { EMAIL_TEMPLATE_INFO } from './email'
import { seasonText, type AreaSeason, type TurnTimeRule } from './tables'
import { addDays, dayOfWeek, isValidDate, WEEKDAY_NAMES } from './time'
import { guestsText } from './reservation-form'

/** Grid units of an area's plan: a table's corner is at most this far from the top left. */
export const PLAN_MAX = 60
/** A table's largest side, in grid units (the database allows 1 to 20). */
export const PLAN_SIDE_MAX = 20
export const TABLE_COVERS_MAX = 100
export const COMBINATION_COVERS_MAX = 200
export const COMBINATION_TABLES_MAX = 12
/** Turn times: whole quarter hours from half an hour to eight hours. */
export const TURN_MINUTES = { min: 30, max: 480, step: 15 } as const
/** The largest party a rule can name: the largest party staff can book. */
export const TURN_PARTY_MAX = ADMIN_PARTY_MAX
export const TURN_RULES_MAX = 100
export const TABLE_SHAPES = ['rect', 'round'] as const
export type TableShape = (typeof TABLE_SHAPES)[number]

export const TABLE_MESSAGES = {
  areaNameRequired: 'Give the area a name',
  tableNameRequired: 'Give the table a name',
  nameTooLong: 'Names are at most 40 characters',
  areaRequired: 'Choose the area the table is in',
  areaNotFound: 'Area not found',
  tableNotFound: 'Table not found',
  combinationNotFound: 'Combination not found',
  closureNotFound: 'Closure not found',
  sortOrder: 'Sort order must be a whole number from 0 to 9999',
  minCovers: 'The smallest party must be a whole number from 1',
  maxCovers: `The largest party must be a whole number up to ${TABLE_COVERS_MAX}`,
  maxCoversCombination: `The largest party must be a whole number up to ${COMBINATION_COVERS_MAX}`,
  coversOrder: 'The largest party must be at least the smallest',
  planPosition: `A plan position is a whole number from 0 to ${PLAN_MAX}`,
  planSize: `A table's width and depth are whole numbers from 1 to ${PLAN_SIDE_MAX}`,
  shape: 'The shape must be rect or round',
  flag: 'Must be true or false',
  version: 'The version you edited is missing: reload and try again',
  tableIds: `Choose at least two tables to join (at most ${COMBINATION_TABLES_MAX})`,
  tableIdsRepeated: 'Each table can be joined once',
  combinationTableMissing: 'One of the chosen tables no longer exists: reload and choose again',
  combinationInactive: (name: string) => `${name} is inactive: only active tables can be joined`,
  combinationAreas: 'Joined tables must all be in one area',
  partyMin: 'From must be a whole number of guests, 1 or more',
  partyMax: `To must be a whole number of guests, up to ${TURN_PARTY_MAX}`,
  partyOrder: 'To must be at least From',
  turnMinutes: `Minutes must be a multiple of ${TURN_MINUTES.step} from ${TURN_MINUTES.min} to ${TURN_MINUTES.max}`,
  weekday: 'The day must be every day or one day of the week',
  tooManyRules: `At most ${TURN_RULES_MAX} rules`,
  closureDate: 'Choose a valid date',
  closurePast: 'Choose today or a later date',
  outOfUseFrom: 'Out of use from must be a date, today or later, or empty',
  closureReason: 'Say why the area is closed (guests may be told)',
  areaTaken: (name: string) => `An area called ${name} already exists.`,
  tableTaken: (name: string) => `A table called ${name} already exists.`,
  combinationTaken: (name: string) => `A combination called ${name} already exists.`,
  areaHasTables: (name: string, n: number) => `${name} has ${n} ${n === 1 ? 'table' : 'tables'}: move or delete ${n === 1 ? 'it' : 'them'} first.`,
  alreadyClosed: (area: string, date: string) => `${area} is already closed on ${formatDayShort(date)}.`,
  inCombination: (table: string, combinations: string[]) =>
    `${table} is joined in ${combinations.join(', ')}: delete ${combinations.length === 1 ? 'that combination' : 'those combinations'} first.`,
  pastBookings: (name: string, n: number) => `${name} has ${n} past or cancelled ${n === 1 ? 'booking' : 'bookings'} that name it; make it inactive instead.`,
  /** 'T4 has 2 bookings from that date, the first on Sat 2 Jan; move them to other tables first, or take it out of use from Sun 10 Jan or later.' */
  bookingsAfterOutOfUse: (name: string, n: number, firstDate: string, dayAfterLast: string) =>
    `${name} has ${n} ${n === 1 ? 'booking' : 'bookings'} from that date, the first on ${formatDayShort(firstDate)}; ` +
    `move ${n === 1 ? 'it' : 'them'} to other tables first, or take it out of use from ${formatDayShort(dayAfterLast)} or later.`,
  /** 'T4 has 2 bookings of more than 3 guests from Fri 18 Dec; move them to other tables first, or let it seat 5.' */
  partiesAbove: (name: string, maxCovers: number, n: number, firstDate: string, largest: number) =>
    `${name} has ${n} ${n === 1 ? 'booking' : 'bookings'} of more than ${guestsText(maxCovers)} ${n === 1 ? 'on' : 'from'} ${formatDayShort(firstDate)}; ` +
    `move ${n === 1 ? 'it' : 'them'} to other tables first, or let it seat ${largest}.`,
  seasonMonth: 'A season runs from one month to another: choose both months',
  /** 'Garden has 2 bookings outside April to September, the first on Fri 18 Dec; move them to other tables first, or choose a longer season.' */
  bookingsOutOfSeason: (name: string, n: number, firstDate: string, season: AreaSeason) =>
    `${name} has ${n} ${n === 1 ? 'booking' : 'bookings'} outside ${seasonText(season)}, the first on ${formatDayShort(firstDate)}; ` +
    `move ${n === 1 ? 'it' : 'them'} to other tables first, or choose a longer season.`,
} as const

/** 'Fri 18 Dec': a date as staff read it in a sentence. */
export function formatDayShort(date: string): string {
  const [, m, d] = date.split('-').map(Number)
  const month = new Date(Date.UTC(2000, m! - 1, 1)).toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' })
  return `${WEEKDAY_NAMES[dayOfWeek(date)]!.slice(0, 3)} ${d} ${month}`
}

/**
 * Why a table, combination or area with bookings to come cannot be deleted, or made inactive, now. A table or
 * combination can instead be out of use from the day after its last booking (`lastDate`), which it names:
 * 'T4 has 3 bookings from Fri 18 Dec; take it out of use from Mon 21 Dec instead.' An area cannot: its
 * message says to wait ('... or make it inactive after its last booking.').
 */
export function futureBookingsMessage(name: string, count: number, firstDate: string, action: 'delete' | 'deactivate', lastDate?: string): string {
  const held = `${name} has ${count} ${count === 1 ? 'booking' : 'bookings'} ${count === 1 ? 'on' : 'from'} ${formatDayShort(firstDate)}`
  const move = `move ${count === 1 ? 'it' : 'them'} to other tables first`
  if (lastDate === undefined) return action === 'delete' ? `${held}; make it inactive after its last booking instead.` : `${held}; ${move}, or make it inactive after its last booking.`
  const outOfUse = `take it out of use from ${formatDayShort(addDays(lastDate, 1))}`
  return action === 'delete' ? `${held}; ${outOfUse} instead.` : `${held}; ${move}, or ${outOfUse}.`
}

const Name = (required: string) => text({ max: 40, required, label: 'Name', tooLong: TABLE_MESSAGES.nameTooLong })
const Flag = z.boolean({ error: TABLE_MESSAGES.flag })
const SortOrder = wholeNumber({ min: 0, max: 9999, message: TABLE_MESSAGES.sortOrder })
const Version = wholeNumber({ min: 1, max: PG_INTEGER_MAX, message: TABLE_MESSAGES.version })
const MinCovers = (max: number) => wholeNumber({ min: 1, max, message: TABLE_MESSAGES.minCovers })
const PlanPosition = wholeNumber({ min: 0, max: PLAN_MAX, message: TABLE_MESSAGES.planPosition })
const PlanSide = wholeNumber({ min: 1, max: PLAN_SIDE_MAX, message: TABLE_MESSAGES.planSize })
const coversInOrder = (v: { minCovers?: number; maxCovers?: number }) => v.minCovers === undefined || v.maxCovers === undefined || v.minCovers <= v.maxCovers
const coversIssue = { message: TABLE_MESSAGES.coversOrder, path: ['maxCovers'] }

const Month = wholeNumber({ min: 1, max: 12, message: TABLE_MESSAGES.seasonMonth })
/** The months an area takes bookings (common/tables.ts AreaSeason), or null: all year. */
const Season = z.union([z.null(), z.object({ from: Month, to: Month }, { error: TABLE_MESSAGES.seasonMonth })], { error: TABLE_MESSAGES.seasonMonth })

const AreaFields = z.object({
  name: Name(TABLE_MESSAGES.areaNameRequired),
  sortOrder: SortOrder.optional(),
  onlineBookable: Flag.optional(),
  weatherDependent: Flag.optional(),
  season: Season.optional(),
  active: Flag.optional(),
})
export const AreaCreateSchema = AreaFields
export const AreaPatchSchema = AreaFields.partial().extend({ version: Version })
export type AreaCreate = z.output<typeof AreaCreateSchema>
export type AreaPatch = z.output<typeof AreaPatchSchema>

/**
 * The first date a table or combination is out of use ('YYYY-MM-DD'), or null while it is in use for
 * good: the issue's 'made inactive for dates after its last booking'. The engine seats no one there
 * from that date; bookings before it stand. Today or later (checked against the venue's today).
 */
const OutOfUseFrom = z.union([z.null(), z.string({ error: TABLE_MESSAGES.outOfUseFrom }).refine(isValidDate, TABLE_MESSAGES.outOfUseFrom)], {
  error: TABLE_MESSAGES.outOfUseFrom,
})

const TableFields = z.object({
  name: Name(TABLE_MESSAGES.tableNameRequired),
  areaId: wholeNumber({ min: 1, max: PG_INTEGER_MAX, message: TABLE_MESSAGES.areaRequired }),
  minCovers: MinCovers(TABLE_COVERS_MAX).optional(),
  maxCovers: wholeNumber({ min: 1, max: TABLE_COVERS_MAX, message: TABLE_MESSAGES.maxCovers }),
  onlineBookable: Flag.optional(),
  sortOrder: SortOrder.optional(),
  active: Flag.optional(),
  planX: PlanPosition.optional(),
  planY: PlanPosition.optional(),
  planWidth: PlanSide.optional(),
  planHeight: PlanSide.optional(),
  shape: z.enum(TABLE_SHAPES, { error: TABLE_MESSAGES.shape }).optional(),
  outOfUseFrom: OutOfUseFrom.optional(),
})
export const TableCreateSchema = TableFields.refine(coversInOrder, coversIssue)
export const TablePatchSchema = TableFields.partial().extend({ version: Version }).refine(coversInOrder, coversIssue)
export type TableCreate = z.output<typeof TableCreateSchema>
export type TablePatch = z.output<typeof TablePatchSchema>

const TableIds = z
  .array(IdSchema, { error: TABLE_MESSAGES.tableIds })
  .min(2, TABLE_MESSAGES.tableIds)
  .max(COMBINATION_TABLES_MAX, TABLE_MESSAGES.tableIds)
  .refine((ids) => new Set(ids).size === ids.length, TABLE_MESSAGES.tableIdsRepeated)

const CombinationFields = z.object({
  /** 'T4 + T5' when left blank. */
  name: text({ max: 40, label: 'Name', tooLong: TABLE_MESSAGES.nameTooLong }).optional(),
  tableIds: TableIds,
  minCovers: MinCovers(COMBINATION_COVERS_MAX).optional(),
  maxCovers: wholeNumber({ min: 1, max: COMBINATION_COVERS_MAX, message: TABLE_MESSAGES.maxCoversCombination }),
  onlineBookable: Flag.optional(),
  sortOrder: SortOrder.optional(),
  active: Flag.optional(),
  outOfUseFrom: OutOfUseFrom.optional(),
})
export const CombinationCreateSchema = CombinationFields.refine(coversInOrder, coversIssue)
export const CombinationPatchSchema = CombinationFields.partial().extend({ version: Version }).refine(coversInOrder, coversIssue)
export type CombinationCreate = z.output<typeof CombinationCreateSchema>
export type CombinationPatch = z.output<typeof CombinationPatchSchema>

export const TurnTimeRuleSchema = z
  .object({
    minParty: wholeNumber({ min: 1, max: TURN_PARTY_MAX, message: TABLE_MESSAGES.partyMin }),
    maxParty: wholeNumber({ min: 1, max: TURN_PARTY_MAX, message: TABLE_MESSAGES.partyMax }),
    durationMinutes: wholeNumber({ min: TURN_MINUTES.min, max: TURN_MINUTES.max, message: TABLE_MESSAGES.turnMinutes }).refine(
      (n) => n % TURN_MINUTES.step === 0,
      TABLE_MESSAGES.turnMinutes,
    ),
    /** 0 Sunday .. 6 Saturday; null: every day. */
    weekday: wholeNumber({ min: 0, max: 6, message: TABLE_MESSAGES.weekday }).nullable().default(null),
  })
  .refine((r) => r.maxParty >= r.minParty, { message: TABLE_MESSAGES.partyOrder, path: ['maxParty'] })
/** One rule as stored and sent: the engine's own type (common/tables.ts). */
export type { TurnTimeRule } from './tables'

export const TurnTimesSchema = z.object({
  rules: z.array(TurnTimeRuleSchema, { error: 'Send the rules as a list' }).max(TURN_RULES_MAX, TABLE_MESSAGES.tooManyRules),
  /** The list's version as it was read (GET's `version`): a save over someone else's is refused. */
  version: text({ max: 64, required: TABLE_MESSAGES.version }),
})
export type TurnTimesInput = z.output<typeof TurnTimesSchema>

export const ClosureSchema = z.object({
  date: text({ max: 10, required: TABLE_MESSAGES.closureDate }).refine(isValidDate, TABLE_MESSAGES.closureDate),
  reason: text({ max: 200, required: TABLE_MESSAGES.closureReason, label: 'Reason' }),
})
export type ClosureInput = z.output<typeof ClosureSchema>

export type TurnTimeProblem = {
  message: string
  /** The field of the rule to fix, as the list's index path: 'rules.2.minParty'. */
  field: string
}

const range = (a: number, b: number) => (a === b ? `${a}` : `${a}–${b}`)
const scopeName = (weekday: number | null) => (weekday === null ? null : WEEKDAY_NAMES[weekday]!)

/**
 * The gaps and overlaps in a list of turn-time rules, each weekday's rules
 * (and the every-day rules) checked on their own: 'Parties of 5 have no turn
 * time: add a rule or widen one.', 'Rules for 3–4 and 4–6 overlap at 4.'. A
 * gap is a party size between two rules of one scope that neither covers;
 * parties below a scope's first rule or above its last are not gaps: they
 * fall through to the every-day rules, then to the booking_duration_minutes
 * setting (so an empty list is valid).
 */
export function turnTimeProblems(rules: readonly TurnTimeRule[]): TurnTimeProblem[] {
  const problems: TurnTimeProblem[] = []
  const scopes = new Map<number | null, number[]>()
  rules.forEach((r, i) => scopes.set(r.weekday, [...(scopes.get(r.weekday) ?? []), i]))
  for (const [weekday, indexes] of scopes) {
    const day = scopeName(weekday)
    const sorted = [...indexes].sort((a, b) => rules[a]!.minParty - rules[b]!.minParty || rules[a]!.maxParty - rules[b]!.maxParty)
    // The rule reaching furthest so far: any later rule starting at or below its end overlaps it.
    let reach = sorted[0]!
    for (const i of sorted.slice(1)) {
      const r = rules[i]!
      const before = rules[reach]!
      if (r.minParty <= before.maxParty) {
        const label = `${day ? `${day} rules` : 'Rules'} for ${range(before.minParty, before.maxParty)} and ${range(r.minParty, r.maxParty)}`
        problems.push({ message: `${label} overlap at ${range(r.minParty, Math.min(r.maxParty, before.maxParty))}.`, field: `rules.${i}.minParty` })
      } else if (r.minParty > before.maxParty + 1) {
        const who = `parties of ${range(before.maxParty + 1, r.minParty - 1)}`
        const sentence = day ? `On ${day}s, ${who}` : who[0]!.toUpperCase() + who.slice(1)
        problems.push({ message: `${sentence} have no turn time: add a rule or widen one.`, field: `rules.${reach}.maxParty` })
      }
      if (r.maxParty > before.maxParty) reach = i
    }
  }
  return problems
}

export type AreaClosureRow = { id: number; date: string; reason: string }

export type AdminArea = {
  id: number
  name: string
  sortOrder: number
  onlineBookable: boolean
  weatherDependent: boolean
  /** The months it takes bookings; null: all year. */
  season: AreaSeason | null
  active: boolean
  version: number
  tableCount: number
  /** Today and later, soonest first. */
  closures: AreaClosureRow[]
}

/** A booking left without a table when its area closed for the weather: staff seat it by hand. */
export type NeedsTableBooking = { id: number; name: string; time: string; partySize: number }
/** Why a guest whose booking was moved inside was not emailed: staff phone them. */
export type NotEmailedReason = 'no_email' | 'template_inactive' | 'earlier_not_sent'
/** A moved booking whose guest got no email about it. */
export type NotEmailedBooking = NeedsTableBooking & { reason: NotEmailedReason }
/**
 * What closing a weather-dependent area did to that date's bookings there
 * (issue 34 item 6): how many moved, how many of their guests were emailed
 * now, how many had been emailed about that date by an earlier closure, the
 * moved bookings whose guests were not emailed, and those left without a table.
 */
export type Reseated = { moved: number; emailed: number; alreadyEmailed: number; notEmailed: NotEmailedBooking[]; needsTable: NeedsTableBooking[] }
/** Nothing re-seated (an area that is not weather-dependent, or one with no bookings that date). */
export const NOTHING_RESEATED: Reseated = { moved: 0, emailed: 0, alreadyEmailed: 0, notEmailed: [], needsTable: [] }
/** The closure's answer: the area as it is now, and the bookings it re-seated. */
export type ClosedArea = AdminArea & { reseated: Reseated }

/** The heading over a closure's answer kept in the area's card while guests are left to phone or seat (the toast goes). */
export const CLOSURE_TO_DO_TITLE = 'Still to do for that date'
/** Whether a closure's answer leaves staff something to do: guests not emailed, bookings without a table. */
export const closureLeavesWork = ({ reseated }: ClosedArea) => reseated.notEmailed.length > 0 || reseated.needsTable.length > 0

/** Why a moved guest was not emailed, in the panel's words. */
export const NOT_EMAILED_REASONS: Record<NotEmailedReason, string> = {
  no_email: 'no email address',
  template_inactive: `the '${EMAIL_TEMPLATE_INFO.booking_moved_inside.name}' email template is inactive`,
  earlier_not_sent: 'the email about that date was not sent',
}

const bookingAt = (b: NeedsTableBooking) => `${b.name} (${b.time}, ${b.partySize})`

/**
 * The panel's words for a closure's answer: how many were moved inside, how
 * many of their guests were emailed, which moved guests were not (staff phone
 * them), and who still needs a table.
 */
export function closedAreaMessage({ reseated }: ClosedArea): string {
  const parts = ['The area is closed for that date: no online bookings there.']
  if (reseated.moved > 0) {
    parts.push(`${reseated.moved} ${reseated.moved === 1 ? 'booking was' : 'bookings were'} moved to another table at the same time.`)
    const told = [`${guestsText(reseated.emailed)} emailed`]
    if (reseated.alreadyEmailed > 0) told.push(`${reseated.alreadyEmailed} already emailed about that date`)
    parts.push(`${told.join(', ')}.`)
  }
  if (reseated.notEmailed.length > 0) {
    const who = reseated.notEmailed.map((b) => `${bookingAt(b)}: ${NOT_EMAILED_REASONS[b.reason]}`).join('; ')
    parts.push(`Not emailed, please phone: ${who}.`)
  }
  if (reseated.needsTable.length > 0) {
    const who = reseated.needsTable.map(bookingAt).join(', ')
    parts.push(`No free table for ${who}: ${reseated.needsTable.length === 1 ? 'it needs' : 'they need'} a table.`)
  }
  return parts.join(' ')
}

export type AdminTable = {
  id: number
  name: string
  areaId: number
  minCovers: number
  maxCovers: number
  onlineBookable: boolean
  sortOrder: number
  active: boolean
  planX: number
  planY: number
  planWidth: number
  planHeight: number
  shape: TableShape
  /** The first date it is out of use, or null (see OutOfUseFrom). */
  outOfUseFrom: string | null
  version: number
}

export type AdminCombination = {
  id: number
  name: string
  areaId: number
  tableIds: number[]
  minCovers: number
  maxCovers: number
  onlineBookable: boolean
  sortOrder: number
  active: boolean
  /** The first date it is out of use, or null (see OutOfUseFrom). */
  outOfUseFrom: string | null
  version: number
}

export type TurnTimes = {
  rules: TurnTimeRule[]
  version: string
  /** booking_duration_minutes: the time of a party no rule names. */
  fallbackMinutes: number
}
