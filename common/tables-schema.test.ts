import { describe, expect, it } from 'vitest'
import { futureBookingsMessage, formatDayShort, TurnTimeRuleSchema, TurnTimesSchema, turnTimeProblems, type TurnTimeRule } from './tables-schema'

const rule = (minParty: number, maxParty: number, weekday: number | null = null, durationMinutes = 120): TurnTimeRule => ({ minParty, maxParty, durationMinutes, weekday })
const messages = (rules: TurnTimeRule[]) => turnTimeProblems(rules).map((p) => p.message)

describe('turnTimeProblems', () => {
  it('accepts no rules at all: every party takes the booking_duration_minutes setting', () => {
    expect(turnTimeProblems([])).toEqual([])
  })

  it('accepts the demo rules, in any order', () => {
    expect(messages([rule(5, 500), rule(1, 2), rule(3, 4)])).toEqual([])
  })

  it('accepts a first rule above 1 and a last below the largest party: those parties fall through to the setting', () => {
    expect(messages([rule(3, 4), rule(5, 8)])).toEqual([])
  })

  it('names a gap of one party size, and of several', () => {
    expect(messages([rule(1, 4), rule(6, 8)])).toEqual(['Parties of 5 have no turn time: add a rule or widen one.'])
    expect(messages([rule(1, 2), rule(6, 8)])).toEqual(['Parties of 3–5 have no turn time: add a rule or widen one.'])
  })

  it('names an overlap at one size, and over several', () => {
    expect(messages([rule(3, 4), rule(4, 6)])).toEqual(['Rules for 3–4 and 4–6 overlap at 4.'])
    expect(messages([rule(1, 6), rule(3, 4)])).toEqual(['Rules for 1–6 and 3–4 overlap at 3–4.'])
    expect(messages([rule(2, 2), rule(2, 2)])).toEqual(['Rules for 2 and 2 overlap at 2.'])
  })

  it('checks each weekday on its own, and says which day', () => {
    // Friday's rules may cover what the every-day rules cover: they are another scope.
    expect(messages([rule(1, 4), rule(5, 8), rule(1, 4, 5), rule(5, 8, 5)])).toEqual([])
    expect(messages([rule(1, 4), rule(1, 2, 5), rule(4, 8, 5)])).toEqual(['On Fridays, parties of 3 have no turn time: add a rule or widen one.'])
    expect(messages([rule(1, 4, 6), rule(4, 8, 6)])).toEqual(['Saturday rules for 1–4 and 4–8 overlap at 4.'])
  })

  it('points at the field to fix: the end of the rule before a gap, the start of the rule that overlaps', () => {
    const rules = [rule(6, 8), rule(1, 4)]
    expect(turnTimeProblems(rules)).toEqual([{ message: 'Parties of 5 have no turn time: add a rule or widen one.', field: 'rules.1.maxParty' }])
    expect(turnTimeProblems([rule(3, 6), rule(1, 4)])).toEqual([{ message: 'Rules for 1–4 and 3–6 overlap at 3–4.', field: 'rules.0.minParty' }])
  })

  it('an overlap is measured against the rule reaching furthest, not only the one before', () => {
    expect(messages([rule(1, 10), rule(2, 3), rule(5, 6)])).toEqual(['Rules for 1–10 and 2–3 overlap at 2–3.', 'Rules for 1–10 and 5–6 overlap at 5–6.'])
  })
})

describe('the turn-time rule schema', () => {
  it('takes multiples of 15 minutes from 30 to 480', () => {
    for (const minutes of [30, 45, 90, 480]) expect(TurnTimeRuleSchema.safeParse({ ...rule(1, 2), durationMinutes: minutes }).success).toBe(true)
    for (const minutes of [0, 15, 100, 495, 600]) {
      const parsed = TurnTimeRuleSchema.safeParse({ ...rule(1, 2), durationMinutes: minutes })
      expect(parsed.error?.issues[0]?.message).toBe('Minutes must be a multiple of 15 from 30 to 480')
    }
  })

  it('refuses a rule whose To is below its From, and a weekday outside 0–6', () => {
    expect(TurnTimeRuleSchema.safeParse(rule(4, 3)).error?.issues[0]?.message).toBe('To must be at least From')
    expect(TurnTimeRuleSchema.safeParse(rule(1, 2, 7)).error?.issues[0]?.message).toBe('The day must be every day or one day of the week')
  })

  it('a rule without a weekday is an every-day rule', () => {
    expect(TurnTimesSchema.parse({ rules: [{ minParty: 1, maxParty: 2, durationMinutes: 90 }], version: 'x' }).rules[0]!.weekday).toBeNull()
  })
})

describe('the messages naming bookings to come', () => {
  it("reads 'Fri 18 Dec'", () => {
    expect(formatDayShort('2026-12-18')).toBe('Fri 18 Dec')
    // A table or combination: the day after its last booking, across the turn of the year.
    expect(futureBookingsMessage('T4', 3, '2026-12-18', 'delete', '2026-12-31')).toBe('T4 has 3 bookings from Fri 18 Dec; take it out of use from Fri 1 Jan instead.')
    expect(futureBookingsMessage('T4', 1, '2026-12-18', 'deactivate', '2026-12-18')).toBe(
      'T4 has 1 booking on Fri 18 Dec; move it to other tables first, or take it out of use from Sat 19 Dec.',
    )
    // An area, which has no date of its own to be out of use from.
    expect(futureBookingsMessage('Courtyard', 3, '2026-12-05', 'deactivate')).toBe(
      'Courtyard has 3 bookings from Sat 5 Dec; move them to other tables first, or make it inactive after its last booking.',
    )
  })
})
