import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { cn } from '@/lib/cn'

export interface FeatureCardProps {
  icon: LucideIcon
  title: string
  description: string
  /** Makes the whole card a link to this screen. */
  to?: string
  children?: ReactNode
}

export function FeatureCard({ icon: Icon, title, description, to, children }: FeatureCardProps) {
  const card = (
    <Card className={cn('flex h-full flex-col', to && 'transition-colors group-hover:border-primary/60 group-hover:shadow-md')}>
      <CardHeader>
        <Icon className="h-6 w-6 text-primary" aria-hidden />
        <CardTitle className="mt-2">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      {children && <div className="mt-auto px-6 pb-6">{children}</div>}
    </Card>
  )
  return to ? (
    <Link to={to} className="group block rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary">
      {card}
    </Link>
  ) : (
    card
  )
}
