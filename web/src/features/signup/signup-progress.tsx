import { Check } from 'lucide-react'
import { cn } from '@/lib/cn'
import { format, texts } from '@/lib/texts'

const t = texts.signup

export type Step = 1 | 2 | 3

/** The three-step progress bar with "Step n of 3". */
export function SignupProgress({ step }: { step: Step }) {
  const total = t.steps.length
  const stepOf = format(t.stepOf, { current: step, total })
  return (
    <div className="space-y-3">
      <p className="text-sm font-medium text-muted-foreground">{stepOf}</p>
      <div
        role="progressbar"
        aria-label={stepOf}
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={step}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-300"
          style={{ width: `${(step / total) * 100}%` }}
        />
      </div>
      <ol className="grid grid-cols-3 gap-2">
        {t.steps.map((label, index) => {
          const number = index + 1
          const done = number < step
          const current = number === step
          return (
            <li
              key={label}
              aria-current={current ? 'step' : undefined}
              className="flex flex-col items-center gap-1 text-center sm:flex-row sm:gap-2 sm:text-left"
            >
              <span
                aria-hidden
                className={cn(
                  'inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                  done || current ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground',
                )}
              >
                {done ? <Check className="h-4 w-4" /> : number}
              </span>
              <span className={cn('text-xs sm:text-sm', current ? 'font-semibold text-ink' : 'text-muted-foreground')}>
                {label}
              </span>
            </li>
          )
        })}
      </ol>
    </div>
  )
}
