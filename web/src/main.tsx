import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { preloadFirstScreen } from './app/first-screen'
import './index.css'

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing from index.html')

// A blank page for the few milliseconds the first screen's chunks (which the
// server's preload hints have fetched) take to run, rather than a spinner.
void preloadFirstScreen(window.location.pathname).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
)
