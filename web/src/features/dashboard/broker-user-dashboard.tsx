import { Bookmark, Settings, Truck } from 'lucide-react'
import { brokerRoutes } from '@/lib/routes'
import { texts } from '@/lib/texts'
import { FeatureCard } from './feature-card'

const d = texts.dashboard

export function BrokerUserDashboard() {
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className="text-3xl font-bold">
        {d.brokerPortal}
      </h1>
      <div className="mt-6 grid gap-6 md:grid-cols-3">
        <FeatureCard
          icon={Truck}
          title={d.truckBoard}
          description="Search trucks available for your loads."
          to={brokerRoutes.board()}
        />
        <FeatureCard
          icon={Bookmark}
          title={d.savedSearches}
          description="Re-run the searches you use most."
          to={brokerRoutes.savedSearches}
        />
        <FeatureCard
          icon={Settings}
          title={d.settings}
          description="Your profile and notifications."
          to={brokerRoutes.settings}
        />
      </div>
    </section>
  )
}
