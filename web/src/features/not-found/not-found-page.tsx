import { Link } from 'react-router'
import { PublicLayout } from '@/components/public-layout'
import { buttonClass } from '@/components/ui/button-variants'
import { routes } from '@/lib/routes'
import { texts } from '@/lib/texts'

export default function NotFoundPage() {
  return (
    <PublicLayout>
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <h1 className="text-6xl font-extrabold text-primary">{texts.notFound.title}</h1>
        <p className="mt-4 text-xl text-muted-foreground">{texts.notFound.message}</p>
        <Link to={routes.home} className={buttonClass('primary', 'md', 'mt-8')}>
          {texts.notFound.returnHome}
        </Link>
      </section>
    </PublicLayout>
  )
}
