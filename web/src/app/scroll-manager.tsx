import { useEffect } from 'react'
import { useLocation } from 'react-router'

/**
 * Scrolls to the top on a new path, or to the element named by the hash
 * (e.g. /#company). Lazily loaded pages render a moment later, so the hash
 * target is looked for over a few frames.
 */
export function ScrollManager() {
  const { pathname, hash } = useLocation()

  useEffect(() => {
    if (!hash) {
      window.scrollTo(0, 0)
      return
    }
    const id = decodeURIComponent(hash.slice(1))
    let frame = 0
    let tries = 0
    const seek = () => {
      const target = document.getElementById(id)
      if (target) {
        target.scrollIntoView({ block: 'start' })
        return
      }
      if (tries++ < 60) frame = requestAnimationFrame(seek)
    }
    seek()
    return () => cancelAnimationFrame(frame)
  }, [pathname, hash])

  return null
}
