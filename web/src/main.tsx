import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { preloadFirstScreen } from './app/first-screen'
import './index.css'

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing from index.html')

// React renders once the first screen's chunks (which the server's preload
// hints have fetched) have run, so that no lazy screen suspends on the way
// (lib/lazy-screen.ts); index.html shows a spinner if that takes a while.
void preloadFirstScreen(window.location.pathname).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
)
