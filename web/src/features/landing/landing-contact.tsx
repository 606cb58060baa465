import { Mail, MapPin } from 'lucide-react'
import { mailto } from '@/lib/routes'
import { texts } from '@/lib/texts'

export function LandingContact() {
  return (
    <section id="contact" aria-labelledby="contact-title" className="bg-muted px-4 py-20 text-ink sm:px-6">
      <div className="mx-auto max-w-6xl">
        <h2 id="contact-title" className="text-3xl font-bold">Contact</h2>
        <p className="mt-4 max-w-2xl text-muted-foreground">
          Questions about {texts.brand.name} for your fleet or brokerage? We answer every message.
        </p>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2">
          <li className="flex items-center gap-3 rounded-xl border border-border bg-white p-5">
            <Mail className="h-5 w-5 text-primary" aria-hidden />
            <a href={mailto(texts.brand.contactEmail)} className="rounded-sm font-medium hover:underline">
              {texts.brand.contactEmail}
            </a>
          </li>
          <li className="flex items-center gap-3 rounded-xl border border-border bg-white p-5">
            <MapPin className="h-5 w-5 text-primary" aria-hidden />
            <span className="font-medium">{texts.brand.headquarters}</span>
          </li>
        </ul>
      </div>
    </section>
  )
}
