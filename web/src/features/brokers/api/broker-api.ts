import { api } from '@/lib/api-client'
import { criteriaQuery } from '../criteria'
import type {
  BoardResult,
  BoardSearchResponse,
  BrokerAccount,
  BrokerUser,
  BrokerUserList,
  BrokerUserPatch,
  InviteSent,
  InviteUserInput,
  SavedSearch,
  SavedSearchInput,
  SavedSearchList,
  SavedSearchPatch,
  SearchCriteria,
  Unsubscribed,
} from './types'

const BROKER = '/api/broker'
const enc = encodeURIComponent

export const fetchBrokerAccount = (signal?: AbortSignal) => api.get<BrokerAccount>(`${BROKER}/account`, signal)

/** 422 with `fields.origin` (unknown place), `fields.radius_mi`… */
export const searchBoard = (criteria: SearchCriteria, page: number, signal?: AbortSignal) =>
  api.get<BoardSearchResponse>(`${BROKER}/board/search?${criteriaQuery(criteria, page)}`, signal)

/** One posting; its deadhead is measured from `origin` when given. */
export const fetchPosting = (id: string, origin: string | null, signal?: AbortSignal) =>
  api.get<BoardResult>(
    `${BROKER}/board/postings/${enc(id)}${origin ? `?${new URLSearchParams({ origin })}` : ''}`,
    signal,
  )

/** 202 `{ sent: true }`. */
export const contactCarrier = (id: string, message: string) =>
  api.post<{ sent: boolean }>(`${BROKER}/board/postings/${enc(id)}/contact`, { message })

export const fetchSavedSearches = (signal?: AbortSignal) =>
  api.get<SavedSearchList>(`${BROKER}/saved-searches`, signal)

export const createSavedSearch = (input: SavedSearchInput) => api.post<SavedSearch>(`${BROKER}/saved-searches`, input)

export const updateSavedSearch = (id: string, patch: SavedSearchPatch) =>
  api.patch<SavedSearch>(`${BROKER}/saved-searches/${enc(id)}`, patch)

/** 204. */
export const deleteSavedSearch = (id: string) => api.delete<void>(`${BROKER}/saved-searches/${enc(id)}`)

/** broker_admin only (403 for a broker_user). */
export const fetchBrokerUsers = (signal?: AbortSignal) => api.get<BrokerUserList>(`${BROKER}/users`, signal)

/** 202 for every well-formed address: the invite e-mail, or (an address with an account) a note to its owner. */
export const inviteBrokerUser = (input: InviteUserInput) => api.post<InviteSent>(`${BROKER}/users`, input)

/** 409 `brokers.users.self` / `brokers.users.lastAdmin`. */
export const updateBrokerUser = (id: string, patch: BrokerUserPatch) =>
  api.patch<BrokerUser>(`${BROKER}/users/${enc(id)}`, patch)

/** 202. */
export const resendBrokerInvite = (id: string) => api.post<void>(`${BROKER}/users/${enc(id)}/resend-invite`)

// The open route: the token is the credential (no session, no CSRF).

/** 404 when the link is not valid. */
export const unsubscribeSavedSearch = (token: string) =>
  api.post<Unsubscribed>(`/api/saved-searches/unsubscribe/${enc(token)}`)
