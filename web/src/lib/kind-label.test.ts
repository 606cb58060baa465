import { describe, expect, it } from 'vitest'
import { kindLabel } from './kind-label'

describe('kindLabel', () => {
  it('puts the kind before a bare number or name', () => {
    expect(kindLabel('Truck {number}', 'number', '102')).toBe('Truck 102')
    expect(kindLabel('Trailer {name}', 'name', 'Reefer 7')).toBe('Trailer Reefer 7')
  })

  it('does not repeat a kind the name already starts with', () => {
    expect(kindLabel('Truck {number}', 'number', 'Truck 102')).toBe('Truck 102')
    expect(kindLabel('Trailer {name}', 'name', 'trailer 501')).toBe('trailer 501')
    expect(kindLabel('Trailer {name}', 'name', 'Trailer-501')).toBe('Trailer-501')
  })

  it('still prefixes a name that merely begins with the same letters', () => {
    expect(kindLabel('Truck {number}', 'number', 'Truckee 4')).toBe('Truck Truckee 4')
  })
})
