// A message for the next page: a sign-out that reloads the browser, or that
// lands on the landing page (which has no toaster of its own), leaves its
// 'Signed out' toast here for the page that shows next. Kept free of
// dependencies: the landing page's entry chunk reads it.

const KEY = 'longhaul.flash'

export type Flash = 'signed-out'

function storage(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null // storage disabled: the toast is lost, nothing else
  }
}

export function setFlash(flash: Flash): void {
  try {
    storage()?.setItem(KEY, flash)
  } catch {
    // quota or privacy mode: the toast is lost, nothing else
  }
}

/** The waiting message, left in place. */
export function peekFlash(): Flash | null {
  return storage()?.getItem(KEY) === 'signed-out' ? 'signed-out' : null
}

/** The waiting message, removed so it shows once. */
export function takeFlash(): Flash | null {
  const flash = peekFlash()
  storage()?.removeItem(KEY)
  return flash
}

/** Loads `path` afresh in the browser (a function, so tests can replace it). */
export function loadPage(path: string): void {
  window.location.assign(path)
}
