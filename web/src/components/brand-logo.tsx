import { Truck } from 'lucide-react'
import { Link } from 'react-router'
import { cn } from '@/lib/cn'
import { routes } from '@/lib/routes'
import { texts } from '@/lib/texts'

export function BrandLogo({ className, inverted }: { className?: string; inverted?: boolean }) {
  return (
    <Link
      to={routes.home}
      className={cn(
        'inline-flex items-center gap-2 rounded-md text-lg font-bold tracking-tight',
        inverted ? 'text-white' : 'text-ink',
        className,
      )}
    >
      <span className="inline-flex h-8 w-8 items-center justify-center rounded-lg bg-primary text-white">
        <Truck className="h-5 w-5" aria-hidden />
      </span>
      {texts.brand.name}
    </Link>
  )
}
