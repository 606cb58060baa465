import { describe, expect, it } from 'vitest'
import texts from '@contracts/texts.json'
import { fleetAccount } from '@/test/fleet-fixtures'
import { formatPhone, profileView } from './profile-fields'

const f = texts.fleet.profileFields
const NA = texts.fleet.na

const value = (rows: { label: string; value: string }[], label: string) =>
  rows.find((row) => row.label === label)?.value

describe('profileView', () => {
  it('shows every company field, money per month and the 10-character subscription id', () => {
    const view = profileView(fleetAccount({ subscription_id_short: 'sub_1234567890abc' }))
    expect(value(view.companyInfo, f.legalName)).toBe('Blue Ridge Freight LLC')
    expect(value(view.companyInfo, f.dbaName)).toBe('Blue Ridge')
    expect(value(view.companyInfo, f.dotNumber)).toBe('1234567')
    expect(value(view.companyInfo, f.mcNumber)).toBe('MC-765432')
    expect(value(view.companyInfo, f.powerUnits)).toBe('12')
    expect(value(view.companyInfo, f.physicalAddress)).toBe('1 Main St, Nashville, TN 37201')
    expect(value(view.companyInfo, f.contactName)).toBe('Dana Owner')
    expect(value(view.companyInfo, f.contactEmail)).toBe('dana@blueridge.example')
    expect(value(view.companyInfo, f.contactPhone)).toBe('(615) 555-0100')
    expect(value(view.companyInfo, f.contactAddress)).toBe('2 Side St, Nashville, TN 37202')
    expect(value(view.companyInfo, f.monthlyRate)).toBe('$1,299/month')
    expect(value(view.companyInfo, f.subscriptionId)).toBe('sub_123456')
  })

  it('hides the DBA when it equals the legal name or is missing', () => {
    expect(value(profileView(fleetAccount({ dba_name: 'Blue Ridge Freight LLC' })).companyInfo, f.dbaName)).toBeUndefined()
    expect(value(profileView(fleetAccount({ dba_name: null })).companyInfo, f.dbaName)).toBeUndefined()
  })

  it("falls back to 'N/A' for nulls", () => {
    const account = fleetAccount({
      mc_number: null,
      monthly_rate_cents: null,
      subscription_id_short: null,
      physical_address: { street: null, city: null, state: null, zip: null },
      contact: {
        first_name: null,
        last_name: null,
        email: null,
        phone: null,
        address: { street: null, city: null, state: null, zip: null },
      },
      authority: {
        authority_status: null,
        authority_date: null,
        registration_status: null,
        registration_date: null,
        insurance_required: null,
        insurance_on_file: null,
      },
    })
    const view = profileView(account)
    for (const label of [
      f.mcNumber,
      f.monthlyRate,
      f.subscriptionId,
      f.physicalAddress,
      f.contactName,
      f.contactEmail,
      f.contactPhone,
      f.contactAddress,
    ]) {
      expect(value(view.companyInfo, label)).toBe(NA)
    }
    expect(view.authority.map((row) => row.value)).toEqual([NA, NA, NA, NA, NA, NA])
  })

  it('lists the FMCSA data with the classification table, or null without data', () => {
    const view = profileView(fleetAccount())
    expect(view.fmcsa?.classification).toEqual([
      { label: f.cargoTank, value: 'N' },
      { label: f.passengerCarrier, value: 'N' },
      { label: f.hazmat, value: 'Y' },
    ])
    expect(value(view.fmcsa?.details ?? [], f.totalDrivers)).toBe('14')
    expect(value(view.fmcsa?.details ?? [], f.mcs150FormDate)).toBe('2024-03-01')
    expect(view.fmcsa?.physicalAddress).toBe('1 MAIN ST, NASHVILLE, TN 37201')
    expect(profileView(fleetAccount({ fmcsa: null })).fmcsa).toBeNull()
  })
})

describe('formatPhone', () => {
  it('formats 10 and 11 digits and keeps anything else', () => {
    expect(formatPhone('615-555-0100')).toBe('(615) 555-0100')
    expect(formatPhone('16155550100')).toBe('+1 (615) 555-0100')
    expect(formatPhone('555')).toBe('555')
    expect(formatPhone('')).toBeNull()
  })
})
