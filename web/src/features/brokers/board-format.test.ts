import { describe, expect, it } from 'vitest'
import texts from '@contracts/texts.json'
import {
  availabilityText,
  carrierNumbers,
  criteriaSummary,
  deadheadText,
  destinationsText,
  eldBadgeText,
  postedAgo,
  rateText,
  sizeText,
  telHref,
} from './board-format'
import { emptyCriteria } from './criteria'

const NOW = new Date('2026-11-24T12:00:00Z')
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString()
const MIN = 60_000
const HOUR = 60 * MIN
const DAY = 24 * HOUR

describe('ages', () => {
  it.each([
    [0, '1 minute'],
    [59_000, '1 minute'],
    [2 * MIN, '2 minutes'],
    [59 * MIN + 59_000, '59 minutes'],
    [HOUR, '1 hour'],
    [2 * HOUR + 59 * MIN, '2 hours'],
    [23 * HOUR + 59 * MIN, '23 hours'],
    [DAY, '1 day'],
    [3 * DAY + 5 * HOUR, '3 days'],
    [-5 * MIN, '1 minute'],
  ])('an ELD position %i ms old was updated "%s" ago', (ms, age) => {
    expect(eldBadgeText(ago(ms), NOW)).toBe(`ELD connected — location updated ${age} ago`)
  })

  it('fills the ELD badge only when the ELD placed the truck', () => {
    expect(eldBadgeText(ago(2 * HOUR), NOW)).toBe('ELD connected — location updated 2 hours ago')
    expect(eldBadgeText(ago(2 * HOUR), NOW)).toBe(texts.board.badges.eld.replace('{age}', '2 hours'))
    expect(eldBadgeText(null, NOW)).toBeNull()
  })

  it.each([
    [10_000, 'posted just now'],
    [MIN, 'posted 1m ago'],
    [45 * MIN, 'posted 45m ago'],
    [3 * HOUR + 10 * MIN, 'posted 3h ago'],
    [2 * DAY, 'posted 2d ago'],
  ])('a posting %i ms old is "%s"', (ms, text) => {
    expect(postedAgo(ago(ms), NOW)).toBe(text)
  })
})

describe('posting fields', () => {
  it('says the deadhead with one decimal at most', () => {
    expect(deadheadText(12.3)).toBe('12.3 mi deadhead')
    expect(deadheadText(0)).toBe('0 mi deadhead')
    expect(deadheadText(1234)).toBe('1,234 mi deadhead')
  })

  it('writes the rate per mile', () => {
    expect(rateText(250)).toBe('$2.50/mi')
    expect(rateText(300)).toBe('$3/mi')
    expect(rateText(null)).toBeNull()
  })

  it('writes length and weight', () => {
    expect(sizeText(53, 45000)).toBe('53 ft · 45,000 lbs')
    expect(sizeText(null, 10000)).toBe('10,000 lbs')
    expect(sizeText(48, null)).toBe('48 ft')
    expect(sizeText(null, null)).toBeNull()
  })

  it('writes the availability window', () => {
    expect(availabilityText('2026-11-24', '2026-11-30')).toBe('Nov 24 – Nov 30')
    expect(availabilityText('2026-11-24', '2026-11-24')).toBe('Nov 24')
  })

  it('says Open for any destination', () => {
    expect(destinationsText([])).toBe(texts.board.destinationsOpen)
    expect(destinationsText(['TX', 'OK'])).toBe('TX, OK')
  })

  it('writes the carrier numbers and a dialable phone', () => {
    expect(carrierNumbers({ dot_number: '1234567', mc_number: '765432' })).toBe('DOT 1234567 · MC 765432')
    expect(carrierNumbers({ dot_number: '1234567', mc_number: null })).toBe('DOT 1234567')
    expect(telHref('(615) 555-0100')).toBe('tel:6155550100')
    expect(telHref('+1 615 555 0100')).toBe('tel:+16155550100')
  })

})

describe('a saved search in one line', () => {
  it('names what is chosen and what is any', () => {
    expect(criteriaSummary(emptyCriteria('Dallas, TX'))).toBe('Dallas, TX · 100 mi radius · Any equipment · to Open')
    expect(
      criteriaSummary({
        origin: '60601',
        radius_mi: 250,
        destinations: ['TX'],
        equipment: ['van', 'step_deck'],
        available_from: '2026-11-24',
        available_to: '2026-11-30',
        max_age_hours: 48,
        include_not_allowed: true,
      }),
    ).toBe(
      `60601 · 250 mi radius · Dry Van, Step Deck · to TX · Nov 24 – Nov 30 · posted within 48 hours · ${texts.board.search.includeNotAllowed}`,
    )
    expect(criteriaSummary({ ...emptyCriteria('X'), available_from: '2026-11-24' })).toContain('from Nov 24')
    expect(criteriaSummary({ ...emptyCriteria('X'), available_to: '2026-11-30' })).toContain('until Nov 30')
  })
})
