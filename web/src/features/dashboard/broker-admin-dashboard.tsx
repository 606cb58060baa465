import { Settings, Truck, Users } from 'lucide-react'
import { brokerRoutes } from '@/lib/routes'
import { texts } from '@/lib/texts'
import { FeatureCard } from './feature-card'

const d = texts.dashboard

export function BrokerAdminDashboard() {
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className="text-3xl font-bold">
        {d.brokerAdministration}
      </h1>
      <div className="mt-6 grid gap-6 md:grid-cols-3">
        <FeatureCard
          icon={Truck}
          title={d.truckBoard}
          description="Search trucks available for your loads."
          to={brokerRoutes.board()}
        />
        <FeatureCard
          icon={Users}
          title={d.users}
          description="Manage the people at your brokerage."
          to={brokerRoutes.users}
        />
        <FeatureCard
          icon={Settings}
          title={d.settings}
          description="Brokerage preferences and notifications."
          to={brokerRoutes.settings}
        />
      </div>
    </section>
  )
}
