import type { ReactNode } from 'react'
import { PublicFooter } from './public-footer'
import { PublicHeader, type PublicHeaderProps } from './public-header'

/** Header + footer around a public page; the header is fixed, so content is padded. */
export function PublicLayout({
  children,
  headerAction,
}: {
  children: ReactNode
  headerAction?: PublicHeaderProps['action']
}) {
  return (
    <div className="flex min-h-screen flex-col">
      <PublicHeader action={headerAction} />
      <main id="main" className="flex-1 pt-16">
        {children}
      </main>
      <PublicFooter />
    </div>
  )
}
