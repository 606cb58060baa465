import type { ReactNode } from 'react'
import { BrandLogo } from '@/components/brand-logo'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'

/** The frame of a page an e-mail link opens without a session (the saved-search alerts' unsubscribe). */
export function OpenLayout({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-muted px-4 py-10">
      <BrandLogo className="mb-6" />
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <h1 className="text-2xl leading-tight font-semibold break-words">{title}</h1>
          {description && <CardDescription className="break-words">{description}</CardDescription>}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </main>
  )
}
