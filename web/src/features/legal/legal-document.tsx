import type { ReactNode } from 'react'
import { PublicLayout } from '@/components/public-layout'

export interface LegalSection {
  id: string
  title: string
  body: ReactNode
}

export interface LegalDocumentProps {
  title: string
  updated: string
  intro: ReactNode
  sections: LegalSection[]
}

/** Shared frame of the privacy policy and the terms: title, contents, sections. */
export function LegalDocument({ title, updated, intro, sections }: LegalDocumentProps) {
  return (
    <PublicLayout>
      <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <h1 className="text-4xl font-bold tracking-tight">{title}</h1>
        <p className="mt-2 text-sm text-muted-foreground">Last updated: {updated}</p>
        <div className="mt-6 space-y-4 leading-7 text-ink/90">{intro}</div>
        <nav aria-label="Contents" className="mt-8 rounded-xl border border-border bg-muted p-5">
          <h2 className="text-sm font-semibold">Contents</h2>
          <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="rounded-sm text-primary hover:underline">
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section, index) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="mt-10">
            <h2 id={`${section.id}-title`} className="text-2xl font-semibold">
              {index + 1}. {section.title}
            </h2>
            <div className="mt-3 space-y-3 leading-7 text-ink/90 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6">
              {section.body}
            </div>
          </section>
        ))}
      </article>
    </PublicLayout>
  )
}
