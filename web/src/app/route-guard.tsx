import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { guardRedirect, type Role } from '@/lib/role-routing'
import { useSession } from '@/lib/session'
import { texts } from '@/lib/texts'

export interface RouteGuardProps {
  /** The role the screen needs; without it any signed-in user may enter. */
  role?: Role
  children: ReactNode
}

/** Spec §2 "Route guard". */
export function RouteGuard({ role, children }: RouteGuardProps) {
  const { user, isLoading } = useSession()
  const location = useLocation()

  if (isLoading) {
    return (
      <div className="flex min-h-screen items-center justify-center text-muted-foreground" aria-busy="true">
        {texts.guard.loading}
      </div>
    )
  }

  const redirect = guardRedirect(user, role)
  if (redirect) return <Navigate to={redirect} replace state={{ from: location.pathname }} />
  return children
}
