import type { components } from '@/lib/api-types'

/** The driver's loads as /api/portal/loads gives them (the generated contract). */
export type PortalLoad = components['schemas']['PortalLoad']
export type PortalLoads = components['schemas']['PortalLoads']
export type PortalStop = components['schemas']['PortalStop']
export type PortalStopDocument = components['schemas']['PortalStopDocument']
export type StopEventName = 'arrived' | 'completed' | 'departed'
export type ReportSource = 'driver' | 'office' | 'eld'
