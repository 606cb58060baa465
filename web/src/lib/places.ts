import { useQuery } from '@tanstack/react-query'
import { api } from './api-client'
import type { components } from './api-types'
import { queryKeys } from './query-keys'

/**
 * One suggestion of GET /api/places?q= (issue 15). A ZIP suggestion has
 * `zip` set and a label like '60601 — Chicago, IL'.
 */
export type Place = components['schemas']['PlaceView']
export type PlacesResponse = components['schemas']['PlaceList']

/** Texts shorter than this are not looked up: two letters already narrow it to a few cities. */
export const PLACE_QUERY_MIN = 2

export const fetchPlaces = (q: string, signal?: AbortSignal) =>
  api.get<PlacesResponse>(`/api/places?${new URLSearchParams({ q })}`, signal)

/** The suggestions for `q` (already debounced); nothing is asked for a shorter text or while disabled. */
export function usePlaces(q: string, enabled = true) {
  const text = q.trim()
  return useQuery({
    queryKey: [...queryKeys.places, text],
    queryFn: ({ signal }) => fetchPlaces(text, signal),
    enabled: enabled && text.length >= PLACE_QUERY_MIN,
    staleTime: 5 * 60_000,
  })
}

/**
 * The text an input keeps for a chosen suggestion, in a form the server
 * resolves wherever it takes an origin: the ZIP for a ZIP suggestion, else
 * 'City, ST'.
 */
export function placeText(place: Place): string {
  return place.zip ?? `${place.city}, ${place.state}`
}
