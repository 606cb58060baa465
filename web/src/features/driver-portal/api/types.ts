import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

export type PortalConfig = Schemas['PortalConfig']
export type PortalSignedIn = Schemas['PortalSignedIn']
export type PortalDriver = Schemas['PortalDriver']
export type PortalHome = Schemas['PortalHome']
export type PortalTruck = Schemas['PortalTruck']
export type PortalTrailer = Schemas['PortalTrailer']
export type PortalDocument = Schemas['PortalDocument']
export type RenewalView = Schemas['RenewalView']
export type PasswordChange = Schemas['PasswordChange']
export type InviteView = Schemas['InviteView']
export type MessageView = Schemas['MessageView']

/** POST /api/portal/messages. */
export type PortalMessage = Schemas['PortalMessageRequest']

export type RenewalTarget = 'driver' | 'truck' | 'trailer'
