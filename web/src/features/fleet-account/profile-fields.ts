import type { components } from '@/lib/api-types'
import type { FleetAccountView } from '@/lib/fleet-account'
import { formatCents } from '@/lib/money'
import { format, texts } from '@/lib/texts'

type Address = components['schemas']['Address']

export interface ProfileRow {
  label: string
  value: string
}

export interface ProfileView {
  companyInfo: ProfileRow[]
  authority: ProfileRow[]
  /** null → 'No FMCSA data available'. */
  fmcsa: null | { details: ProfileRow[]; classification: ProfileRow[]; physicalAddress: string }
}

function present(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null
  const text = String(value).trim()
  return text === '' ? null : text
}

/** The value, or 'N/A' when it is null or blank. */
function orNa(value: string | number | null | undefined): string {
  return present(value) ?? texts.fleet.na
}

/** "street, city, state zip"; null when every part is empty. */
export function formatAddress(address: Address | null | undefined): string | null {
  if (!address) return null
  const stateZip = [present(address.state), present(address.zip)].filter(Boolean).join(' ')
  const parts = [present(address.street), present(address.city), present(stateZip)].filter(Boolean)
  return parts.length ? parts.join(', ') : null
}

/** Spec §5 phone display: (AAA) BBB-CCCC, +C (AAA) BBB-CCCC, else the raw value. */
export function formatPhone(phone: string | null | undefined): string | null {
  const raw = present(phone)
  if (!raw) return null
  const digits = raw.replace(/\D/g, '')
  if (digits.length === 10) return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`
  if (digits.length === 11)
    return `+${digits[0]} (${digits.slice(1, 4)}) ${digits.slice(4, 7)}-${digits.slice(7)}`
  return raw
}

/** Spec §2 "Company Profile": every field with its fallback. */
export function profileView(account: FleetAccountView): ProfileView {
  const f = texts.fleet.profileFields
  const na = texts.fleet.na
  const dba = present(account.dba_name)
  const contactName = [present(account.contact.first_name), present(account.contact.last_name)]
    .filter(Boolean)
    .join(' ')
  const subscription = present(account.subscription_id_short)

  const companyInfo: ProfileRow[] = [
    { label: f.legalName, value: orNa(account.legal_name) },
    ...(dba && dba !== present(account.legal_name) ? [{ label: f.dbaName, value: dba }] : []),
    { label: f.dotNumber, value: orNa(account.dot_number) },
    { label: f.mcNumber, value: orNa(account.mc_number) },
    { label: f.powerUnits, value: orNa(account.power_units) },
    { label: f.physicalAddress, value: formatAddress(account.physical_address) ?? na },
    { label: f.contactName, value: contactName || na },
    { label: f.contactEmail, value: orNa(account.contact.email) },
    { label: f.contactPhone, value: formatPhone(account.contact.phone) ?? na },
    { label: f.contactAddress, value: formatAddress(account.contact.address) ?? na },
    {
      label: f.monthlyRate,
      value:
        account.monthly_rate_cents === null || account.monthly_rate_cents === undefined
          ? na
          : format(f.perMonth, { amount: formatCents(account.monthly_rate_cents) }),
    },
    { label: f.subscriptionId, value: subscription ? subscription.slice(0, 10) : na },
  ]

  const a = account.authority
  const authority: ProfileRow[] = [
    { label: f.authorityStatus, value: orNa(a.authority_status) },
    { label: f.authorityDate, value: orNa(a.authority_date) },
    { label: f.registrationStatus, value: orNa(a.registration_status) },
    { label: f.registrationDate, value: orNa(a.registration_date) },
    { label: f.insuranceRequired, value: orNa(a.insurance_required) },
    { label: f.insuranceOnFile, value: orNa(a.insurance_on_file) },
  ]

  const m = account.fmcsa
  const fmcsa = m
    ? {
        details: [
          { label: f.legalName, value: orNa(m.legal_name) },
          { label: f.dbaName, value: orNa(m.dba_name) },
          { label: f.dotNumber, value: orNa(m.dot_number) },
          { label: f.operatingClassification, value: orNa(m.operating_classification) },
          { label: f.totalPowerUnits, value: orNa(m.total_power_units) },
          { label: f.totalDrivers, value: orNa(m.total_drivers) },
          { label: f.mcs150FormDate, value: orNa(m.mcs150_form_date) },
        ],
        classification: [
          { label: f.cargoTank, value: orNa(m.cargo_tank) },
          { label: f.passengerCarrier, value: orNa(m.passenger_carrier) },
          { label: f.hazmat, value: orNa(m.hazmat) },
        ],
        physicalAddress: formatAddress(m.physical_address) ?? na,
      }
    : null

  return { companyInfo, authority, fmcsa }
}
