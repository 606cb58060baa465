import { Container, Truck } from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { texts } from '@/lib/texts'
import type { PortalTrailer, PortalTruck } from './api/types'

const d = texts.driverPortal

function truckTitle(truck: PortalTruck): string {
  const model = [truck.year, truck.make, truck.model].filter(Boolean).join(' ')
  return truck.name || model || truck.license_plate || truck.vin || '—'
}

/** My Truck: the truck and trailers assigned to the driver. */
export function PortalTruckCard({ truck, trailers }: { truck: PortalTruck | null; trailers: PortalTrailer[] }) {
  const model = truck ? [truck.year, truck.make, truck.model].filter(Boolean).join(' ') : ''
  return (
    <Card data-testid="portal-truck">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Truck className="h-5 w-5 text-primary" aria-hidden />
          {d.myTruck}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {truck ? (
          <div className="rounded-lg border-l-4 border-secondary bg-muted/60 p-3">
            <p className="font-semibold break-words">{truckTitle(truck)}</p>
            {truck.name && model && <p className="text-sm text-muted-foreground">{model}</p>}
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              {truck.license_plate && (
                <>
                  <dt className="text-muted-foreground">Plate</dt>
                  <dd className="break-all">{truck.license_plate}</dd>
                </>
              )}
              {truck.vin && (
                <>
                  <dt className="text-muted-foreground">VIN</dt>
                  <dd className="font-mono break-all">{truck.vin}</dd>
                </>
              )}
            </dl>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{d.noTruck}</p>
        )}
        {trailers.length > 0 ? (
          <ul className="space-y-2">
            {trailers.map((trailer) => (
              <li key={trailer.id} className="flex items-start gap-2 rounded-lg bg-muted/60 p-3 text-sm">
                <Container className="mt-0.5 h-4 w-4 shrink-0 text-secondary" aria-hidden />
                <div className="min-w-0">
                  <p className="font-medium break-words">{trailer.name || trailer.license_plate || '—'}</p>
                  <p className="text-muted-foreground break-words">
                    {[trailer.trailer_type, trailer.name ? trailer.license_plate : null].filter(Boolean).join(' · ')}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{d.noTrailers}</p>
        )}
      </CardContent>
    </Card>
  )
}
