import { describe, expect, it } from 'vitest'
import texts from '@contracts/texts.json'
import { accessorialLabel, isOpenTender, milestoneLabel, shipmentStatusLabel, tenderStatusLabel, tenderStatusVariant } from './labels'

describe('tender labels', () => {
  it('names each status from texts.tenders', () => {
    expect(tenderStatusLabel('offered')).toBe(texts.tenders.status_offered)
    expect(tenderStatusLabel('countered')).toBe('Countered')
    expect(tenderStatusLabel('mystery')).toBe('mystery')
    expect(tenderStatusVariant('accepted')).toBe('success')
    expect(isOpenTender('countered')).toBe(true)
    expect(isOpenTender('expired')).toBe(false)
  })

  it('names a milestone by its AT7 code, else by the status it moved to', () => {
    expect(milestoneLabel('X3')).toBe('Arrived at pickup')
    expect(milestoneLabel('D1', 'delivered')).toBe(texts.tenders.milestone_D1)
    expect(milestoneLabel('ZZ', 'in_transit')).toBe(texts.loads.screens.status.in_transit)
    expect(milestoneLabel('ZZ')).toBe('ZZ')
  })

  it('names load statuses and accessorial kinds', () => {
    expect(shipmentStatusLabel('at_pickup')).toBe('At pickup')
    expect(accessorialLabel('tonu')).toBe('TONU')
    expect(accessorialLabel('other_thing')).toBe('other_thing')
  })
})
