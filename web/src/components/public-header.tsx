import { Menu } from 'lucide-react'
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { buttonClass } from '@/components/ui/button-variants'
import { cn } from '@/lib/cn'
import { routes } from '@/lib/routes'
import { texts } from '@/lib/texts'
import { BrandLogo } from './brand-logo'
import { publicNavLinks } from './public-nav-links'
import { useScrolled } from './use-scrolled'

// The slide-in menu (a Radix dialog) loads only when it is first opened, so
// public pages do not ship the dialog code up front.
const MobileMenu = lazy(() => import('./mobile-menu'))

export interface PublicHeaderProps {
  /** Replaces the default Sign In button (the landing page shows its own). */
  action?: ReactNode
}

export function PublicHeader({ action }: PublicHeaderProps) {
  const scrolled = useScrolled(10)
  const [menuOpen, setMenuOpen] = useState(false)
  const [menuLoaded, setMenuLoaded] = useState(false)

  const openMenu = () => {
    setMenuLoaded(true)
    setMenuOpen(true)
  }

  return (
    <header
      data-scrolled={scrolled}
      className={cn(
        'fixed inset-x-0 top-0 z-40 transition-colors duration-200',
        scrolled ? 'border-b border-border bg-white/80 shadow-sm backdrop-blur-md' : 'bg-white',
      )}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <BrandLogo />
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-6 text-sm font-medium">
            {publicNavLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="rounded-sm text-muted-foreground hover:text-ink">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          {action ?? (
            <Link to={routes.auth} className={buttonClass('primary', 'md')}>
              {texts.publicHeader.signIn}
            </Link>
          )}
          <button
            type="button"
            onClick={openMenu}
            className={buttonClass('ghost', 'icon', 'md:hidden')}
            aria-label="Open menu"
            aria-expanded={menuOpen}
          >
            <Menu className="h-5 w-5" aria-hidden />
          </button>
        </div>
      </div>
      {menuLoaded && (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} />
        </Suspense>
      )}
    </header>
  )
}
