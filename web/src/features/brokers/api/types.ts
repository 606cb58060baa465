import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

// The truck board and broker portal API (issue 15), from the generated
// contract. The server types roles as plain text and a saved search's
// criteria with every field optional (serde defaults); the screens work with
// the narrowed BrokerRole and the complete SearchCriteria below.

export type BrokerRole = 'broker_admin' | 'broker_user'

/** GET /api/broker/account */
export type BrokerAccount = Schemas['BrokerAccountView']

export type BoardOrigin = Schemas['BoardOrigin']
export type BoardCarrier = Schemas['CarrierView']
export type BoardBadges = Schemas['TrustBadges']
export type BoardResult = Schemas['BoardResult']
/** GET /api/broker/board/search */
export type BoardSearchResponse = Schemas['BoardPage']
export type ContactSent = Schemas['ContactSent']

/** A board search as the screens hold it: every criterion present. */
export interface SearchCriteria {
  origin: string
  /** 1 to 450; the server's default (100) when null. */
  radius_mi: number | null
  destinations: string[]
  equipment: string[]
  available_from: string | null
  available_to: string | null
  max_age_hours: number | null
  include_not_allowed: boolean
}

/** A search as the API carries it (a saved search's `criteria`): any criterion may be left out. */
export type WireCriteria = Schemas['SearchCriteria']

export type SavedSearch = Schemas['SavedSearchView']
export type SavedSearchList = Schemas['SavedSearchList']
export type SavedSearchInput = Schemas['CreateSavedSearch']
export type SavedSearchPatch = Schemas['UpdateSavedSearch']

export type BrokerUser = Schemas['BrokerUserView']
export type BrokerUserList = Schemas['BrokerUserList']
export type InviteUserInput = Schemas['InviteBrokerUser']
/** The same answer whether or not the address already had an account. */
export type InviteSent = Schemas['InviteSent']
export type BrokerUserPatch = Schemas['UpdateBrokerUser']

/** GET/POST /api/saved-searches/unsubscribe/{token} */
export type Unsubscribed = Schemas['Unsubscribed']
