import { Link } from 'react-router'
import { buttonClass } from '@/components/ui/button-variants'
import { fleetRoutes } from '@/lib/routes'
import { texts } from '@/lib/texts'

/** A path below /fleet-dashboard with no screen: the not-found page, inside the shell. */
export function FleetNotFoundPage() {
  return (
    <section className="flex flex-col items-center px-4 py-16 text-center">
      <h1 className="text-6xl font-extrabold text-primary">{texts.notFound.title}</h1>
      <p className="mt-4 text-xl text-muted-foreground">{texts.notFound.message}</p>
      <Link to={fleetRoutes.overview} className={buttonClass('primary', 'md', 'mt-8')}>
        {texts.fleet.shell.backToOverview}
      </Link>
    </section>
  )
}
