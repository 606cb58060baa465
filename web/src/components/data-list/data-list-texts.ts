/**
 * The words of a list's controls. Each feature passes its own section of
 * contracts/texts.json, so a page ships only the texts it shows.
 */
export interface DataListTexts {
  retry: string
  previous: string
  next: string
  /** '{from}–{to} of {total}'. */
  showingOf: string
  /** 'Page {page} of {pages}'. */
  pageOf: string
  /** Shown when a search finds nothing. */
  noResults: string
  /** Accessible name of the pagination; 'Pagination' when not given. */
  pagination?: string
  /** Accessible name of each row's "⋯" menu button (a list of rows needs it). */
  actions?: string
  /** Screen-reader text of the spinners. */
  loading?: string
}
