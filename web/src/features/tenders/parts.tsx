import type { ReactNode } from 'react'
import { Badge } from '@/components/ui/badge'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/cn'
import { formatDollars } from '@/lib/dollars'
import { equipmentLabel } from '@/lib/equipment'
import { format, texts } from '@/lib/texts'
import type { TenderStopView, TenderView, TermsView } from './api/types'
import { accessorialLabel, tenderStatusLabel, tenderStatusVariant } from './labels'

const s = texts.tenderScreens.summary
const rc = texts.tenders.rateCon

/** A labelled control and its error. */
export function Field({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string
  label: string
  error?: string
  hint?: ReactNode
  className?: string
  children: ReactNode
}) {
  return (
    <div className={cn('min-w-0 space-y-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}

export function TenderStatusBadge({ status }: { status: string }) {
  return <Badge variant={tenderStatusVariant(status)}>{tenderStatusLabel(status)}</Badge>
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{term}</dt>
      <dd className="mt-0.5 text-sm break-words">{children}</dd>
    </div>
  )
}

/** The stops in order, each with its time as the rate confirmation prints it. */
export function StopsList({ stops }: { stops: TenderStopView[] }) {
  return (
    <ol className="space-y-3">
      {stops.map((stop) => (
        <li key={stop.seq} className="rounded-lg border border-border p-3">
          <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {stop.seq + 1}. {stop.kind === 'pickup' ? s.pickup : s.delivery}
          </p>
          <p className="font-medium break-words">{stop.facility_name}</p>
          <p className="text-sm break-words text-muted-foreground">
            {stop.address}, {stop.city}, {stop.state} {stop.zip ?? ''}
          </p>
          <p className="text-sm">{stop.time_text}</p>
          {stop.instructions && <p className="mt-1 text-sm whitespace-pre-line break-words">{stop.instructions}</p>}
        </li>
      ))}
    </ol>
  )
}

/** The money lines and the accessorial terms. */
export function TermsList({ terms, paymentDays }: { terms: TermsView; paymentDays?: number }) {
  const detention =
    terms.detention_rate_cents == null
      ? null
      : format(s.detention, {
          free: ((terms.detention_free_minutes ?? 0) / 60).toString(),
          rate: formatDollars(terms.detention_rate_cents),
          cap: terms.detention_cap_cents == null ? '' : format(s.detentionCap, { cap: formatDollars(terms.detention_cap_cents) }),
        })
  const tonu =
    terms.tonu_cents == null
      ? null
      : format(s.tonu, { amount: formatDollars(terms.tonu_cents), hours: terms.tonu_window_hours ?? '—' })
  return (
    <div className="space-y-3">
      <dl className="divide-y divide-border rounded-lg border border-border text-sm">
        <div className="flex justify-between gap-3 px-3 py-2">
          <dt>{rc.linehaul}</dt>
          <dd className="tabular-nums">{formatDollars(terms.linehaul_cents)}</dd>
        </div>
        <div className="flex justify-between gap-3 px-3 py-2">
          <dt>{rc.fuel}</dt>
          <dd className="tabular-nums">{formatDollars(terms.fuel_surcharge_cents)}</dd>
        </div>
        {terms.accessorials.map((line, index) => (
          <div key={index} className="flex justify-between gap-3 px-3 py-2">
            <dt className="min-w-0 break-words">
              {accessorialLabel(line.kind)}
              {line.note ? ` · ${line.note}` : ''}
            </dt>
            <dd className="tabular-nums">{formatDollars(line.amount_cents)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-3 px-3 py-2 font-semibold">
          <dt>{rc.total}</dt>
          <dd className="tabular-nums">{formatDollars(terms.total_cents)}</dd>
        </div>
      </dl>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Detail term={rc.detention}>{detention ?? rc.notStated}</Detail>
        <Detail term={rc.tonu}>{tonu ?? rc.notStated}</Detail>
        <Detail term={rc.lumper}>{terms.lumper_terms ?? rc.notStated}</Detail>
        {paymentDays !== undefined && <Detail term={rc.paymentTerms}>{format(s.paymentDays, { days: paymentDays })}</Detail>}
      </dl>
    </div>
  )
}

/** A tender as both sides read it: parties, freight, references, stops, money and notes. */
export function TenderSummary({ tender, committed }: { tender: TenderView; committed?: string | null }) {
  const freight = [
    tender.commodity,
    tender.weight_lbs == null ? null : format(s.weightLbs, { n: tender.weight_lbs.toLocaleString('en-US') }),
  ].filter(Boolean)
  const equipment = [
    equipmentLabel(tender.equipment_type),
    tender.length_ft == null ? null : format(s.lengthFt, { n: tender.length_ft }),
    tender.reefer_temp_f == null ? null : format(s.reeferTemp, { n: tender.reefer_temp_f }),
  ].filter(Boolean)
  const references = [
    tender.load_number,
    tender.po_number ? format(s.po, { po: tender.po_number }) : null,
    tender.pickup_number ? format(s.pickupNumber, { n: tender.pickup_number }) : null,
  ].filter(Boolean)
  const party = (name: string, dot: string | null, mc: string | null) =>
    [name, dot ? `${rc.usdot} ${dot}` : null, mc ? `${rc.mc} ${mc}` : null].filter(Boolean).join(' · ')
  return (
    <div className="space-y-5">
      {committed && (
        <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          <span className="font-semibold">{s.committed}: </span>
          {committed}
        </p>
      )}
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Detail term={rc.broker}>
          {party(tender.broker.name, tender.broker.usdot_number ?? null, tender.broker.mc_number ?? null)}
          <span className="block text-muted-foreground">
            {tender.broker_contact_name} · {tender.broker_contact_email}
          </span>
        </Detail>
        <Detail term={rc.carrier}>
          {party(tender.carrier.name, tender.carrier.usdot_number ?? null, tender.carrier.mc_number ?? null)}
          {tender.truck_number && <span className="block text-muted-foreground">{`${rc.truck} ${tender.truck_number}`}</span>}
        </Detail>
        <Detail term={s.equipment}>{equipment.join(' · ')}</Detail>
        <Detail term={s.freight}>{freight.length > 0 ? freight.join(' · ') : rc.notStated}</Detail>
        <Detail term={s.references}>{references.join(' · ')}</Detail>
      </dl>
      <section className="space-y-2">
        <h3 className="text-sm font-semibold">{s.stops}</h3>
        <StopsList stops={tender.stops} />
      </section>
      <section className="space-y-2">
        <h3 className="text-sm font-semibold">{s.rate}</h3>
        <TermsList terms={tender.terms} paymentDays={tender.payment_terms_days} />
      </section>
      {tender.share_position && <p className="text-sm text-muted-foreground">{s.shareAsked}</p>}
      {tender.notes && (
        <section className="space-y-1">
          <h3 className="text-sm font-semibold">{rc.notes}</h3>
          <p className="text-sm whitespace-pre-line break-words">{tender.notes}</p>
        </section>
      )}
    </div>
  )
}
