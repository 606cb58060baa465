import { options } from 'preact'

interface RefVNode {
  type: unknown
  ref?: unknown
  props: Record<string, unknown>
}

/**
 * React 19 hands `ref` to a function component as a prop (our Input and
 * FormField take it so, and react-hook-form's `register()` reads fields
 * through it); Preact 10 keeps it off the props, as React 18 did. The portal's
 * build (decision 048) moves it into the props of every function component
 * when a vnode is made — what preact/compat already does for forwardRef —
 * and leaves class components their instance refs. Installed before the
 * first render.
 */
export function passRefsAsProps(): void {
  const previous = options.vnode
  options.vnode = (vnode) => {
    const node = vnode as unknown as RefVNode
    const type = node.type
    if (typeof type === 'function' && !(type.prototype as { render?: unknown } | undefined)?.render && node.ref) {
      node.props.ref = node.ref
      node.ref = null
    }
    previous?.(vnode)
  }
}
