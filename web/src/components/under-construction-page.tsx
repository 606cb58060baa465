import { Construction } from 'lucide-react'
import { Link } from 'react-router'
import { buttonClass } from '@/components/ui/button-variants'
import { routes } from '@/lib/routes'
import { texts } from '@/lib/texts'
import { PublicLayout } from './public-layout'

/** An honest stand-in for a screen that a later release delivers. */
export default function UnderConstructionPage() {
  return (
    <PublicLayout>
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <Construction className="h-12 w-12 text-primary" aria-hidden />
        <h1 className="mt-6 text-3xl font-bold">{texts.underConstruction.title}</h1>
        <p className="mt-3 text-muted-foreground">{texts.underConstruction.message}</p>
        <Link to={routes.home} className={buttonClass('primary', 'md', 'mt-8')}>
          {texts.underConstruction.returnHome}
        </Link>
      </section>
    </PublicLayout>
  )
}
