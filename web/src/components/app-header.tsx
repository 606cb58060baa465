import { LogOut } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { BrandLogo } from './brand-logo'

export interface AppHeaderProps {
  /** The signed-in user's name, or e-mail when no name is set. */
  userLabel: string
  signOutLabel: string
  onSignOut: () => void
  signingOut?: boolean
}

/**
 * The header of signed-in screens: brand, the user's name and Sign Out. On a
 * phone the name may take two smaller lines (it is not cut off), and Sign Out
 * shows its icon alone to leave the name the room.
 */
export function AppHeader({ userLabel, signOutLabel, onSignOut, signingOut }: AppHeaderProps) {
  return (
    <header className="border-b border-border bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <BrandLogo className="shrink-0" />
        <div className="flex min-w-0 items-center gap-2 sm:gap-3">
          <span
            className="line-clamp-2 min-w-0 text-right text-xs leading-4 font-medium wrap-anywhere text-muted-foreground sm:text-sm sm:leading-5"
            title={userLabel}
            data-testid="user-label"
          >
            {userLabel}
          </span>
          <Button
            variant="outline"
            size="sm"
            className="shrink-0"
            onClick={onSignOut}
            disabled={signingOut}
            aria-label={signOutLabel}
          >
            <LogOut className="h-4 w-4" aria-hidden />
            <span className="hidden sm:inline">{signOutLabel}</span>
          </Button>
        </div>
      </div>
    </header>
  )
}
