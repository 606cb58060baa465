import { texts } from '@/lib/texts'
import type { DispatchLoad } from './api'
import { COLUMNS, groupByColumn } from './board-model'
import { LoadCard, type LoadCardProps } from './load-card'

const t = texts.loads.dispatch

type CardActions = Omit<LoadCardProps, 'load' | 'className'>

/**
 * The board's five status columns side by side on a wide screen, stacked
 * on a phone; each a list of load cards, earliest pickup first.
 */
export function StatusColumns({ loads, ...card }: { loads: readonly DispatchLoad[] } & CardActions & { dispatchingId?: string }) {
  const groups = groupByColumn(loads)
  const { dispatchingId, ...actions } = card
  return (
    <section aria-label={t.columnsLabel} className="grid min-w-0 gap-4 md:grid-cols-2 xl:grid-cols-5">
      {COLUMNS.map((column) => {
        const items = groups[column]
        return (
          <div key={column} className="flex min-w-0 flex-col gap-2 rounded-xl bg-muted/60 p-3" data-column={column}>
            <h2 className="flex items-center justify-between text-sm font-semibold text-ink">
              {t.columns[column]}
              <span className="rounded-full bg-white px-2 text-xs font-medium text-muted-foreground">{items.length}</span>
            </h2>
            {items.length === 0 ? (
              <p className="py-2 text-sm text-muted-foreground">{t.columnEmpty}</p>
            ) : (
              <ul aria-label={t.columns[column]} className="-m-1 flex flex-col gap-2 p-1 md:max-h-[34rem] md:overflow-y-auto">
                {items.map((load) => (
                  <li key={load.id}>
                    <LoadCard load={load} {...actions} dispatching={dispatchingId === load.id} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        )
      })}
    </section>
  )
}

