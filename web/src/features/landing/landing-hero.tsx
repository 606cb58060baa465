import { Mail } from 'lucide-react'
import { mailto } from '@/lib/routes'
import { texts } from '@/lib/texts'

/** The placeholder landing content of spec §1. */
export function LandingHero() {
  return (
    <section
      aria-labelledby="landing-title"
      className="relative flex min-h-[calc(100vh-4rem)] items-center overflow-hidden bg-ink px-4 py-20 text-white sm:px-6"
    >
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_20%_20%,rgba(62,99,221,0.45),transparent_55%),radial-gradient(circle_at_80%_70%,rgba(110,86,207,0.35),transparent_50%)]"
      />
      <div className="relative mx-auto max-w-3xl text-center">
        <p className="text-sm font-semibold tracking-widest text-white/70 uppercase">
          {texts.brand.tagline}
        </p>
        <h1 id="landing-title" className="mt-4 text-4xl font-extrabold tracking-tight sm:text-6xl">
          {texts.landing.title}
        </h1>
        <h2 className="mt-8 text-2xl font-bold text-white sm:text-3xl">{texts.landing.headline}</h2>
        <p className="mx-auto mt-4 max-w-2xl text-base text-white/80 sm:text-lg">
          {texts.landing.subtext}
        </p>
        <a
          href={mailto(texts.brand.contactEmail, texts.landing.earlyAccessSubject)}
          className="mt-10 inline-flex h-12 items-center justify-center gap-2 rounded-md bg-primary px-6 text-base font-semibold text-white transition-colors hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          <Mail className="h-5 w-5" aria-hidden />
          {texts.landing.earlyAccess}
        </a>
        <p className="mt-16 text-sm text-white/60">{texts.landing.copyright}</p>
      </div>
    </section>
  )
}
