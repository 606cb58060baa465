import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'

export interface FeatureCardProps {
  icon: LucideIcon
  title: string
  description: string
  children?: ReactNode
}

export function FeatureCard({ icon: Icon, title, description, children }: FeatureCardProps) {
  return (
    <Card className="flex flex-col">
      <CardHeader>
        <Icon className="h-6 w-6 text-primary" aria-hidden />
        <CardTitle className="mt-2">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      {children && <div className="mt-auto px-6 pb-6">{children}</div>}
    </Card>
  )
}
