import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { PortalApp } from './app/portal-app'
import { preloadPortalPage } from './features/driver-portal/portal-pages'
import './index.css'

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing from portal.html')

// The driver portal's own entry (portal.html, vite.portal.config.ts, decision 048):
// the portal's screens alone, on Preact, so a phone on a weak network loads a fraction of the app.
void preloadPortalPage(window.location.pathname).then(() =>
  createRoot(root).render(
    <StrictMode>
      <PortalApp />
    </StrictMode>,
  ),
)
