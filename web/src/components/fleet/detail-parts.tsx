import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { texts } from '@/lib/texts'

const t = texts.fleet
const a = texts.fleet.assets

export function StatusBadge({ active, label }: { active: boolean; label?: string }) {
  return <Badge variant={active ? 'success' : 'secondary'}>{label ?? (active ? t.active : t.inactive)}</Badge>
}

export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-2">
      <Link to={to}>
        <ArrowLeft className="h-4 w-4" aria-hidden />
        {label}
      </Link>
    </Button>
  )
}

export function DetailLoading() {
  return (
    <div className="flex justify-center py-16">
      <Spinner label={a.loading} />
    </div>
  )
}

export function NotFound({ title, text, to, backLabel }: { title: string; text: string; to: string; backLabel: string }) {
  return (
    <Card className="mx-auto max-w-lg text-center">
      <CardHeader>
        <h1 className="text-lg leading-tight font-semibold">{title}</h1>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-muted-foreground">{text}</p>
        <BackLink to={to} label={backLabel} />
      </CardContent>
    </Card>
  )
}

export function InfoCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  )
}

/** A definition list of label/value pairs, one column on phones and two from the small breakpoint. */
export function Fields({ children }: { children: ReactNode }) {
  return <dl className="grid gap-4 sm:grid-cols-2">{children}</dl>
}

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words text-ink">{children}</dd>
    </div>
  )
}

export function Placeholder({ text }: { text: string }) {
  return (
    <Card>
      <CardContent className="py-10 text-center text-sm text-muted-foreground">{text}</CardContent>
    </Card>
  )
}
