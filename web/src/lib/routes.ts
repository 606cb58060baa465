/** Every path of the SPA, in one place. */
export const routes = {
  home: '/',
  homeCompany: '/#company',
  homeContact: '/#contact',
  auth: '/auth',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  fleetDashboard: '/fleet-dashboard',
  fleetSignup: '/fleet-signup',
  pricing: '/pricing',
  subscriptionSuccess: '/subscription-success',
  pendingApproval: '/pending-approval',
  testCheckout: '/test-checkout',
  driverPortal: '/driver-portal',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
} as const

export type RoutePath = (typeof routes)[keyof typeof routes]

export function mailto(address: string, subject?: string): string {
  return subject ? `mailto:${address}?subject=${encodeURIComponent(subject)}` : `mailto:${address}`
}
