import { Mail } from 'lucide-react'
import { Link } from 'react-router'
import { mailto, routes } from '@/lib/routes'
import { texts } from '@/lib/texts'
import { BrandLogo } from './brand-logo'
import { FacebookIcon, LinkedinIcon, XIcon } from './social-icons'

interface FooterLink {
  label: string
  to: string
  external?: boolean
}

const columns: { title: string; links: FooterLink[] }[] = [
  {
    title: 'Product',
    links: [
      { label: 'Dispatch Software', to: routes.homeCompany },
      { label: 'Truck Board', to: routes.homeCompany },
      { label: 'Driver Settlement App', to: routes.homeCompany },
      { label: 'API Integration', to: routes.homeCompany },
      { label: 'Implementation Pricing', to: routes.pricing },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'Our Mission', to: routes.homeCompany },
      { label: 'Get in Touch', to: routes.homeContact },
      { label: 'Fleet Registration', to: routes.fleetSignup },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: 'Driver Portal', to: routes.driverPortal },
      { label: 'Help & Support', to: mailto(texts.brand.supportEmail), external: true },
      { label: texts.footer.privacyPolicy, to: routes.privacyPolicy },
      { label: texts.footer.termsOfService, to: routes.termsOfService },
    ],
  },
]

// Placeholder profiles until the company's social accounts are public.
const socials = [
  { label: 'Longhaul on LinkedIn', href: 'https://www.linkedin.com/', Icon: LinkedinIcon },
  { label: 'Longhaul on X', href: 'https://x.com/', Icon: XIcon },
  { label: 'Longhaul on Facebook', href: 'https://www.facebook.com/', Icon: FacebookIcon },
  { label: 'E-mail Longhaul', href: mailto(texts.brand.contactEmail), Icon: Mail },
]

export function PublicFooter() {
  const year = new Date().getFullYear()
  return (
    <footer className="border-t border-border bg-muted text-ink">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.5fr_repeat(3,1fr)]">
        <div className="space-y-3">
          <BrandLogo />
          <p className="max-w-xs text-sm text-muted-foreground">{texts.brand.tagline}</p>
          <p className="text-sm text-muted-foreground">{texts.brand.headquarters}</p>
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold">{column.title}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.label}>
                  {link.external ? (
                    <a href={link.to} className="rounded-sm text-muted-foreground hover:text-ink">
                      {link.label}
                    </a>
                  ) : (
                    <Link to={link.to} className="rounded-sm text-muted-foreground hover:text-ink">
                      {link.label}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-border">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:px-6">
          <p>
            © {year} {texts.brand.name}. All rights reserved.
          </p>
          <ul className="flex items-center gap-3">
            {socials.map(({ label, href, Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  aria-label={label}
                  className="inline-flex rounded-sm p-1 hover:text-ink"
                  {...(href.startsWith('http') ? { target: '_blank', rel: 'noreferrer' } : {})}
                >
                  <Icon className="h-5 w-5" aria-hidden />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  )
}
