import { describe, expect, it } from 'vitest'
import { todayIn, todayInSpan, zoneOffsetMinutes, zoneSpan } from './time'

const LONDON = 'Europe/London'
const at = (iso: string) => new Date(iso)
const ms = (iso: string) => Date.parse(iso)

describe('zone offsets and spans', () => {
  it('knows GMT and BST, and St John’s and Kathmandu’s odd offsets', () => {
    expect(zoneOffsetMinutes(at('2026-01-15T12:00:00Z'), LONDON)).toBe(0)
    expect(zoneOffsetMinutes(at('2026-07-15T12:00:30Z'), LONDON)).toBe(60)
    expect(zoneOffsetMinutes(at('2026-01-15T12:00:00Z'), 'America/St_Johns')).toBe(-210)
    expect(zoneOffsetMinutes(at('2026-01-15T12:00:00Z'), 'Asia/Kathmandu')).toBe(345)
  })

  it('ends a span at the minute the clocks change, both ways', () => {
    expect(zoneSpan(at('2026-03-25T12:00:00Z'), LONDON)).toEqual({
      offsetMinutes: 0,
      from: ms('2026-03-25T12:00:00Z'),
      until: ms('2026-03-29T01:00:00Z'),
    })
    expect(zoneSpan(at('2026-10-20T08:30:45Z'), LONDON)).toEqual({
      offsetMinutes: 60,
      from: ms('2026-10-20T08:30:00Z'),
      until: ms('2026-10-25T01:00:00Z'),
    })
    // A minute before the change, the span is that minute.
    expect(zoneSpan(at('2026-10-25T00:59:00Z'), LONDON).until).toBe(ms('2026-10-25T01:00:00Z'))
  })

  it('holds a week when the clocks do not change', () => {
    expect(zoneSpan(at('2026-07-01T00:00:00Z'), LONDON)).toEqual({
      offsetMinutes: 60,
      from: ms('2026-07-01T00:00:00Z'),
      until: ms('2026-07-08T00:00:00Z'),
    })
  })

  it('tells the same date as the zone itself, every hour of a year, for a week after each span starts', () => {
    // The differences are gathered and compared once: 175,200 assertions of their own took ten seconds.
    const differences: string[] = []
    let compared = 0
    for (const zone of [LONDON, 'America/St_Johns', 'Australia/Lord_Howe', 'Pacific/Chatham']) {
      for (let t = ms('2026-01-01T00:00:00Z'); t < ms('2027-01-01T00:00:00Z'); t += 3_600_000) {
        const span = zoneSpan(new Date(t), zone)
        for (const later of [
          0,
          59 * 60_000,
          11 * 3_600_000,
          2 * 86_400_000 + 7 * 60_000,
          6 * 86_400_000 + 23 * 3_600_000,
        ]) {
          const when = new Date(t + later)
          const told = todayInSpan(when, span, zone)
          const zones = todayIn(when, zone)
          compared++
          if (told !== zones) differences.push(`${zone} ${when.toISOString()}: ${told}, the zone says ${zones}`)
        }
      }
    }
    expect(differences).toEqual([])
    expect(compared).toBe(4 * 8760 * 5)
  })

  it('asks the zone itself outside the span (a browser clock behind the server’s, or a page open for weeks)', () => {
    const span = zoneSpan(at('2026-06-23T12:00:00Z'), LONDON)
    // A wrong offset shows which way the date was told: the span's own answer would differ from the zone's.
    const wrong = { ...span, offsetMinutes: 600 }
    expect(todayInSpan(at('2026-06-23T20:00:00Z'), wrong, LONDON)).toBe('2026-06-24')
    expect(todayInSpan(at('2026-06-22T20:00:00Z'), wrong, LONDON)).toBe('2026-06-22')
    expect(todayInSpan(at('2026-07-01T20:00:00Z'), wrong, LONDON)).toBe('2026-07-01')
    expect(todayInSpan(at('2026-06-23T23:30:00Z'), span, LONDON)).toBe('2026-06-24')
  })
})
