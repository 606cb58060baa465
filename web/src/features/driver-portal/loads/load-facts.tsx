import type { ReactNode } from 'react'
import { texts, format } from '@/lib/texts'
import type { PortalLoad } from './portal-load-types'

const t = texts.portalLoads

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="break-words">{children}</dd>
    </>
  )
}

const dollars = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' })

/** References, freight and equipment; the revenue only when the fleet shows it. */
export function LoadFacts({ load }: { load: PortalLoad }) {
  const equipment = [load.equipment_type.replace(/_/g, ' '), load.length_ft ? `${load.length_ft}'` : null]
    .filter(Boolean)
    .join(' ')
  return (
    <section aria-labelledby="facts-heading" className="space-y-2 rounded-lg border border-border bg-white p-4">
      <h2 id="facts-heading" className="text-lg font-semibold">
        {t.references}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <Row label={t.loadNumber}>{load.load_number}</Row>
        <Row label="PRO">{load.pro_number}</Row>
        {load.bol_number && <Row label={t.bolNumber}>{load.bol_number}</Row>}
        {load.po_number && <Row label={t.poNumber}>{load.po_number}</Row>}
        {load.pickup_number && <Row label={t.pickupNumber}>{load.pickup_number}</Row>}
        {load.commodity && <Row label={t.commodity}>{load.commodity}</Row>}
        {load.weight_lbs !== null && (
          <Row label={t.weight}>{format(t.weightLbs, { weight: load.weight_lbs.toLocaleString('en-US') })}</Row>
        )}
        {load.pieces !== null && <Row label={t.pieces}>{load.pieces}</Row>}
        <Row label={t.equipment}>{equipment}</Row>
        {load.reefer_temp_f !== null && <Row label={t.reefer}>{format(t.reeferTemp, { temp: load.reefer_temp_f })}</Row>}
        {load.hazmat_class && (
          <Row label={t.hazmat}>
            {load.hazmat_class}
            {load.un_number ? ` · ${load.un_number}` : ''}
          </Row>
        )}
        {load.truck_number && <Row label={t.truck}>{load.truck_number}</Row>}
        {load.trailer_number && <Row label={t.trailer}>{load.trailer_number}</Row>}
        {load.co_driver_name && <Row label={t.coDriver}>{load.co_driver_name}</Row>}
        {load.revenue_cents !== null && <Row label={t.revenue}>{dollars(load.revenue_cents)}</Row>}
        {load.notes && <Row label={t.notes}>{load.notes}</Row>}
      </dl>
    </section>
  )
}
