import { ChevronDown, CircleUser } from 'lucide-react'
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { Link } from 'react-router'
import { cn } from '@/lib/cn'
import { fleetRoutes, mailto, routes } from '@/lib/routes'
import { texts } from '@/lib/texts'
import { useSignOut } from '@/lib/use-sign-out'

const itemClass =
  'block w-full rounded-sm px-3 py-2 text-left text-sm text-ink hover:bg-muted focus-visible:bg-muted focus-visible:outline-none'

/** The top bar's user menu (spec §2): Profile, Account Settings, Billing, Help, Sign out. */
export function UserMenu({ userLabel }: { userLabel: string }) {
  const [open, setOpen] = useState(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const triggerRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)
  const menuId = useId()
  const signOut = useSignOut(routes.home, { reload: true })

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])

  useEffect(() => {
    if (!open) return
    items()[0]?.focus()
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  const close = (refocus: boolean) => {
    setOpen(false)
    if (refocus) triggerRef.current?.focus()
  }

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items()
    const index = list.indexOf(document.activeElement as HTMLElement)
    if (event.key === 'Escape') {
      event.preventDefault()
      close(true)
    } else if (event.key === 'ArrowDown') {
      event.preventDefault()
      list[(index + 1) % list.length]?.focus()
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      list[(index - 1 + list.length) % list.length]?.focus()
    } else if (event.key === 'Home') {
      event.preventDefault()
      list[0]?.focus()
    } else if (event.key === 'End') {
      event.preventDefault()
      list[list.length - 1]?.focus()
    } else if (event.key === 'Tab') {
      setOpen(false)
    }
  }

  const m = texts.fleet.userMenu
  return (
    <div ref={rootRef} className="relative">
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={texts.fleet.shell.userMenu}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault()
            setOpen(true)
          }
        }}
        className="inline-flex max-w-[12rem] items-center gap-2 rounded-md px-2 py-1.5 text-sm font-medium hover:bg-muted"
      >
        <CircleUser className="h-6 w-6 shrink-0 text-primary" aria-hidden />
        <span className="hidden truncate sm:inline">{userLabel}</span>
        <ChevronDown className="h-4 w-4 shrink-0" aria-hidden />
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={texts.fleet.shell.userMenu}
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 z-40 mt-2 w-56 rounded-md border border-border bg-white p-1 shadow-lg"
        >
          {/* The whole name: the top bar cuts it short (and hides it on a phone). */}
          <p className="px-3 py-2 text-xs font-medium wrap-anywhere text-muted-foreground">{userLabel}</p>
          <div role="separator" className="my-1 h-px bg-border" />
          <Link role="menuitem" tabIndex={-1} to={fleetRoutes.profile} className={itemClass} onClick={() => close(false)}>
            {m.profile}
          </Link>
          <Link
            role="menuitem"
            tabIndex={-1}
            to={fleetRoutes.accountSettings}
            className={itemClass}
            onClick={() => close(false)}
          >
            {m.accountSettings}
          </Link>
          <Link role="menuitem" tabIndex={-1} to={fleetRoutes.billingTab} className={itemClass} onClick={() => close(false)}>
            {m.billing}
          </Link>
          <a
            role="menuitem"
            tabIndex={-1}
            href={mailto(texts.brand.supportEmail)}
            className={itemClass}
            onClick={() => close(false)}
          >
            {m.help}
          </a>
          <div role="separator" className="my-1 h-px bg-border" />
          <button
            role="menuitem"
            tabIndex={-1}
            type="button"
            disabled={signOut.isPending}
            className={cn(itemClass, 'text-destructive')}
            onClick={() => {
              close(false)
              signOut.mutate()
            }}
          >
            {m.signOut}
          </button>
        </div>
      )}
    </div>
  )
}
