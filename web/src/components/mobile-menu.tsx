import { Link } from 'react-router'
import { buttonClass } from '@/components/ui/button-variants'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'
import { routes } from '@/lib/routes'
import { texts } from '@/lib/texts'
import { publicNavLinks } from './public-nav-links'

export interface MobileMenuProps {
  open: boolean
  onOpenChange: (open: boolean) => void
}

/** The public header's slide-in menu on small screens. */
export default function MobileMenu({ open, onOpenChange }: MobileMenuProps) {
  const close = () => onOpenChange(false)
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent side="right">
        <DialogTitle>{texts.brand.name}</DialogTitle>
        <DialogDescription className="sr-only">{texts.brand.tagline}</DialogDescription>
        <nav aria-label="Mobile">
          <ul className="flex flex-col gap-1">
            {publicNavLinks.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  onClick={close}
                  className="block rounded-md px-3 py-3 text-base font-medium hover:bg-muted"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Link to={routes.auth} onClick={close} className={buttonClass('primary', 'lg', 'mt-auto')}>
          {texts.publicHeader.signIn}
        </Link>
      </DialogContent>
    </Dialog>
  )
}
