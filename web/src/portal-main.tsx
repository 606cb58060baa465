import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { PortalApp } from './app/portal-app'
import { passRefsAsProps } from './app/preact-refs'
import { createQueryClient } from './app/query-client'
import { preloadPortalPage } from './features/driver-portal/portal-pages'
import { restoreSavedQueries } from './features/driver-portal/offline/saved-queries'
// In the entry's chunk, not one of its own: the Loads screen is what a driver
// opens on the road, and each request more waits its turn on a weak network.
import './features/driver-portal/loads/portal-loads-page'
import './portal.css'

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing from portal.html')

// The driver portal's own entry (portal.html, vite.portal.config.ts, decision 048):
// the portal's pages alone, on Preact, so a phone on a weak network loads a fraction of the app.
passRefsAsProps()
const client = createQueryClient()
const path = window.location.pathname

// The first render waits for the page's chunk, the phone's saved copy (read
// from localStorage, at once) and, online, the page's first answers (for 1.5 s
// at most): one render of the page with its data. Offline it shows the copy.
void restoreSavedQueries(client)
  .then(() => preloadPortalPage(path, client))
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <PortalApp client={client} />
      </StrictMode>,
    ),
  )
