import { Mail, Phone } from 'lucide-react'
import { mailto } from '@/lib/routes'
import type { BoardCarrier } from '../api/types'
import { carrierNumbers, telHref } from '../board-format'

/** The carrier's name, numbers and contact, with call and e-mail links. */
export function CarrierContact({ carrier }: { carrier: BoardCarrier }) {
  return (
    <div className="min-w-0 space-y-0.5 text-sm">
      <p className="font-semibold break-words">{carrier.legal_name}</p>
      <p className="text-muted-foreground">{carrierNumbers(carrier)}</p>
      {carrier.contact_name && <p className="break-words">{carrier.contact_name}</p>}
      {carrier.contact_phone && (
        <a href={telHref(carrier.contact_phone)} className="inline-flex items-center gap-1.5 text-primary hover:underline">
          <Phone className="h-3.5 w-3.5 shrink-0" aria-hidden />
          {carrier.contact_phone}
        </a>
      )}
      {carrier.contact_email && (
        <a
          href={mailto(carrier.contact_email)}
          className="flex min-w-0 items-center gap-1.5 break-all text-primary hover:underline"
        >
          <Mail className="h-3.5 w-3.5 shrink-0" aria-hidden />
          {carrier.contact_email}
        </a>
      )}
    </div>
  )
}
