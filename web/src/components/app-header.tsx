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

/** The header of signed-in screens: brand, the user's name and Sign Out. */
export function AppHeader({ userLabel, signOutLabel, onSignOut, signingOut }: AppHeaderProps) {
  return (
    <header className="border-b border-border bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <BrandLogo />
        <div className="flex min-w-0 items-center gap-3">
          <span className="truncate text-sm font-medium text-muted-foreground" data-testid="user-label">
            {userLabel}
          </span>
          <Button variant="outline" size="sm" onClick={onSignOut} disabled={signingOut}>
            <LogOut className="h-4 w-4" aria-hidden />
            {signOutLabel}
          </Button>
        </div>
      </div>
    </header>
  )
}
