import type { PortalConfig, PortalHome } from './api/types'

export const FLEET_ID = '7d3f0c1e-1111-4222-8333-944455556666'

export function portalConfig(overrides: Partial<PortalConfig> = {}): PortalConfig {
  return {
    fleet_id: FLEET_ID,
    fleet_name: 'Demo Freight',
    logo_url: null,
    primary_color: '#0F766E',
    secondary_color: '#F59E0B',
    enabled: true,
    login_method: 'username',
    auth_type: 'system_password',
    ...overrides,
  }
}

export function portalHome(overrides: Partial<PortalHome> = {}): PortalHome {
  return {
    driver: {
      id: 'd-1',
      display_name: 'Aisha Anderson',
      first_name: 'Aisha',
      last_name: 'Anderson',
      email: 'aisha@drivers.test',
      username: 'aanderson1',
      phone: '6155550025',
      phone_display: '(615) 555-0025',
    },
    fleet: portalConfig(),
    welcome_message: null,
    session_timeout_minutes: 60,
    can_change_password: true,
    truck: { id: 't-1', name: 'Truck 126', make: 'Peterbilt', model: '579', year: 2019, vin: '1XKYD49X000100025', license_plate: 'KY-10025' },
    trailers: [{ id: 'tr-1', name: 'Trailer 526', license_plate: 'TR-20025', trailer_type: 'Dry Van' }],
    csrf_token: 'csrf-driver',
    ...overrides,
  }
}
