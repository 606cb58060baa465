import { onlineManager } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { OfflineBanner } from './offline-banner'
import { outboxLabel, outboxStatus } from './outbox-labels'
import type { OutboxItem } from './outbox-types'

const base = {
  key: 1,
  clientId: 'c',
  portal: 'f',
  loadId: 'l',
  // The server's stop index (from 0): the list counts from 1.
  seq: 0,
  createdAt: 0,
  attempts: 0,
  state: 'waiting' as const,
  status: 'waiting' as const,
}

const event: OutboxItem = { ...base, kind: 'stop_event', body: { event: 'arrived', at: '2026-03-01T14:00:00Z' } }
const pod: OutboxItem = {
  ...base,
  seq: 1,
  kind: 'document',
  fields: { kind: 'pod' },
  bytes: new ArrayBuffer(1),
  fileName: 'pod.jpg',
  mimeType: 'image/jpeg',
  pages: 2,
  status: 'sending',
}

describe('the outbox list', () => {
  it('names each write and its state', () => {
    expect(`${outboxLabel(event)} · ${outboxStatus(event)}`).toBe('Arrived — Stop 1 · waiting')
    expect(`${outboxLabel(pod)} · ${outboxStatus(pod)}`).toBe('POD photo (2 pages) — Stop 2 · sending')
    const receipt: OutboxItem = { ...pod, fields: { kind: 'scale_receipt' }, mimeType: 'application/pdf', pages: 1 }
    expect(outboxLabel(receipt)).toBe('Scale receipt — Stop 2')
    expect(outboxStatus({ ...event, status: 'rejected', state: 'rejected', error: 'Load not found.' })).toBe(
      'Not sent: Load not found.',
    )
  })
})

describe('OfflineBanner', () => {
  afterEach(() => act(() => onlineManager.setOnline(true)))
  const at = new Date(2026, 2, 1, 14, 5).getTime()

  it('says the screen shows its copy when offline', () => {
    act(() => onlineManager.setOnline(false))
    render(<OfflineBanner query={{ data: [], dataUpdatedAt: at, fetchStatus: 'paused', error: null }} />)
    expect(screen.getByRole('status')).toHaveTextContent('Offline — showing the copy from Mar 1, 2026, 2:05 PM')
  })

  it('says so when the phone thinks it is online but no answer came', () => {
    const error = new ApiError(0, 'network_error', 'x')
    render(<OfflineBanner query={{ data: [], dataUpdatedAt: at, fetchStatus: 'idle', error }} />)
    expect(screen.getByRole('status')).toHaveTextContent('Offline — showing the copy from')
  })

  it('shows nothing when the data is live or there is none', () => {
    const { rerender } = render(<OfflineBanner query={{ data: [], dataUpdatedAt: at, fetchStatus: 'idle', error: null }} />)
    expect(screen.queryByRole('status')).toBeNull()
    act(() => onlineManager.setOnline(false))
    rerender(<OfflineBanner query={{ data: undefined, dataUpdatedAt: 0, fetchStatus: 'paused', error: null }} />)
    expect(screen.queryByRole('status')).toBeNull()
  })
})
