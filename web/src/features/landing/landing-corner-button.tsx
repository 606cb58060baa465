import { Link } from 'react-router'
import { buttonClass } from '@/components/ui/button-variants'
import { cn } from '@/lib/cn'
import { routes } from '@/lib/routes'
import { texts } from '@/lib/texts'
import { useSignedIn } from '@/lib/use-signed-in'

/** Spec §2: hidden until hovered or focused; Go to Dashboard when signed in. */
export function LandingCornerButton() {
  const signedIn = useSignedIn()
  const to = signedIn ? routes.dashboard : routes.auth
  const label = signedIn ? texts.landing.goToDashboard : texts.landing.signIn
  return (
    <Link
      to={to}
      className={cn(
        buttonClass('primary', 'md'),
        'opacity-0 transition-opacity! duration-200 hover:opacity-100 focus:opacity-100 focus-visible:opacity-100',
      )}
    >
      {label}
    </Link>
  )
}
