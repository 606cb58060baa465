import { cn } from '@/lib/cn'

export interface SwitchProps {
  id: string
  /** The words beside the switch. */
  label: string
  /** The switch's name for assistive technology when the visible label is shared by several ("E-mail alerts — Chicago vans"). */
  accessibleName?: string
  checked: boolean
  disabled?: boolean
  onCheckedChange: (checked: boolean) => void
}

/** An on/off switch (`role="switch"`), for a setting that applies at once. */
export function Switch({ id, label, accessibleName, checked, disabled, onCheckedChange }: SwitchProps) {
  return (
    <div className="flex items-center gap-2">
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label={accessibleName}
        disabled={disabled}
        onClick={() => onCheckedChange(!checked)}
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-60',
          checked ? 'bg-primary' : 'bg-border',
        )}
      >
        <span
          aria-hidden
          className={cn(
            'inline-block h-5 w-5 rounded-full bg-white shadow transition-transform',
            checked ? 'translate-x-5' : 'translate-x-0',
          )}
        />
      </button>
      <label htmlFor={id} className="text-sm">
        {label}
      </label>
    </div>
  )
}
