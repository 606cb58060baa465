import { DayPicker, type DayPickerProps } from 'react-day-picker'
import 'react-day-picker/style.css'
import { cn } from '@/lib/cn'

/**
 * react-day-picker in the app's colours. Its months wrap onto a new row when
 * they do not fit side by side (two months on a phone stack up).
 */
export function Calendar({ className, ...props }: DayPickerProps) {
  return (
    <DayPicker
      className={cn(
        'text-sm [--rdp-accent-background-color:#e8edfc] [--rdp-accent-color:var(--color-primary)]',
        '[--rdp-day-height:40px] [--rdp-day-width:40px] [--rdp-day_button-height:38px] [--rdp-day_button-width:38px]',
        '[--rdp-months-gap:1.5rem]',
        className,
      )}
      {...props}
    />
  )
}
