import { describe, expect, it } from 'vitest'
import type { SearchCriteria } from './api/types'
import { boardQueryFromSearch, boardSearch, criteriaFromWire, criteriaQuery, emptyCriteria, searchFromCriteria } from './criteria'

const read = (search: string) => boardQueryFromSearch(new URLSearchParams(search))

const full: SearchCriteria = {
  origin: 'Chicago, IL',
  radius_mi: 250,
  destinations: ['TX', 'OK'],
  equipment: ['van', 'reefer'],
  available_from: '2026-11-24',
  available_to: '2026-11-30',
  max_age_hours: 48,
  include_not_allowed: true,
}

describe('board criteria in the URL', () => {
  it('has no search without an origin', () => {
    expect(read('')).toEqual({ criteria: null, page: 1 })
    expect(read('origin=%20%20&radius_mi=250&page=3')).toEqual({ criteria: null, page: 1 })
  })

  it('reads an origin alone with the defaults', () => {
    expect(read('origin=60601')).toEqual({ criteria: emptyCriteria('60601'), page: 1 })
  })

  it('reads every criterion in the API names', () => {
    expect(
      read(
        'origin=Chicago%2C+IL&radius_mi=250&destinations=TX,OK&equipment=van,reefer&available_from=2026-11-24&available_to=2026-11-30&max_age_hours=48&include_not_allowed=true&page=2',
      ),
    ).toEqual({ criteria: full, page: 2 })
  })

  it.each([
    ['radius_mi=0', { radius_mi: 100 }],
    ['radius_mi=451', { radius_mi: 100 }],
    ['radius_mi=12.5', { radius_mi: 100 }],
    ['radius_mi=450', { radius_mi: 450 }],
    ['radius_mi=1', { radius_mi: 1 }],
    ['destinations=tx,ZZ,TX,,ok', { destinations: ['TX', 'OK'] }],
    ['equipment=van,boat,van', { equipment: ['van'] }],
    ['available_from=2026-13-01&available_to=soon', { available_from: null, available_to: null }],
    ['max_age_hours=5', { max_age_hours: null }],
    ['max_age_hours=72', { max_age_hours: 72 }],
    ['include_not_allowed=1', { include_not_allowed: false }],
  ] as const)('keeps only valid choices: %s', (search, expected) => {
    expect(read(`origin=Dallas&${search}`).criteria).toEqual({ ...emptyCriteria('Dallas'), ...expected })
  })

  it.each(['page=0', 'page=-2', 'page=x'])('starts at page 1 for %s', (search) => {
    expect(read(`origin=Dallas&${search}`).page).toBe(1)
  })

  it('writes only what differs from the defaults', () => {
    expect(searchFromCriteria(emptyCriteria(' Chicago, IL ')).toString()).toBe('origin=Chicago%2C+IL')
    expect(boardSearch(emptyCriteria('Dallas'), 1)).toBe('origin=Dallas')
    expect(boardSearch(emptyCriteria('Dallas'), 3)).toBe('origin=Dallas&page=3')
  })

  it("takes a saved search's missing radius for the default", () => {
    expect(boardSearch({ ...emptyCriteria('Dallas'), radius_mi: null })).toBe('origin=Dallas')
    expect(new URLSearchParams(criteriaQuery({ ...emptyCriteria('Dallas'), radius_mi: null }, 1)).get('radius_mi')).toBe('100')
  })

  it("completes a saved search's criteria as the API sends them", () => {
    expect(criteriaFromWire({ origin: 'Dallas' })).toEqual({ ...emptyCriteria('Dallas'), radius_mi: null })
    expect(criteriaFromWire(full)).toEqual(full)
  })

  it('reads back what it writes', () => {
    expect(read(boardSearch(full, 4))).toEqual({ criteria: full, page: 4 })
    expect(read(boardSearch(emptyCriteria('75201')))).toEqual({ criteria: emptyCriteria('75201'), page: 1 })
  })

  it('asks the API with the radius and the page always', () => {
    const query = new URLSearchParams(criteriaQuery(emptyCriteria('Dallas'), 1))
    expect(Object.fromEntries(query)).toEqual({ origin: 'Dallas', radius_mi: '100', page: '1' })
    expect(Object.fromEntries(new URLSearchParams(criteriaQuery(full, 2)))).toEqual({
      origin: 'Chicago, IL',
      radius_mi: '250',
      destinations: 'TX,OK',
      equipment: 'van,reefer',
      available_from: '2026-11-24',
      available_to: '2026-11-30',
      max_age_hours: '48',
      include_not_allowed: 'true',
      page: '2',
    })
  })
})
