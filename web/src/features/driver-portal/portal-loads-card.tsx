import { Link } from 'react-router'
import { Route as RouteIcon } from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { format, texts } from '@/lib/texts'
import { usePortalLoads } from './api/portal-loads-queries'
import { portalPaths } from './portal-paths'

const t = texts.portalLoads

/** The home page's Loads card: the load under way or next, and the way to all of them. */
export function PortalLoadsCard({ fleetId }: { fleetId: string }) {
  const loads = usePortalLoads()
  const next = loads.data ? (loads.data.current[0] ?? loads.data.upcoming[0]) : undefined
  return (
    <Card data-testid="portal-loads-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <RouteIcon className="h-5 w-5 text-primary" aria-hidden />
          {t.cardTitle}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {loads.data &&
          (next ? (
            <p className="text-sm break-words">
              {format(t.nextLoad, { load: next.load_number })}
              {next.stops[0] && (
                <span className="text-muted-foreground">
                  {' '}
                  · {next.stops[0].facility.city}, {next.stops[0].facility.state}
                </span>
              )}
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">{t.noLoads}</p>
          ))}
        <Link
          to={portalPaths.loads(fleetId)}
          className="inline-flex h-12 w-full items-center justify-center rounded-md bg-primary px-6 text-base font-medium text-primary-foreground hover:bg-primary-hover"
        >
          {t.openLoads}
        </Link>
      </CardContent>
    </Card>
  )
}
