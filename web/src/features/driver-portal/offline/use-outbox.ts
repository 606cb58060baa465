import { useSyncExternalStore } from 'react'
import { useParams } from 'react-router'
import { getOutbox } from './outbox-registry'

/**
 * The portal's queued writes (oldest first, each with its status) and the
 * means to add one or drop a refused one. `portal` defaults to the route's fleet.
 */
export function useOutbox(portal?: string) {
  const { fleetId = '' } = useParams()
  const outbox = getOutbox(portal ?? fleetId)
  const items = useSyncExternalStore(outbox.subscribe, outbox.snapshot, outbox.snapshot)
  return { items, enqueue: outbox.enqueue, discard: outbox.discard, sendNow: outbox.drain }
}
