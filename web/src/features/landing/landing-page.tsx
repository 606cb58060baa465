import { PublicLayout } from '@/components/public-layout'
import { LandingAbout } from './landing-about'
import { LandingContact } from './landing-contact'
import { LandingCornerButton } from './landing-corner-button'
import { LandingHero } from './landing-hero'
import { useBodyClass } from './use-body-class'

export default function LandingPage() {
  useBodyClass('placeholder-page')
  return (
    <PublicLayout headerAction={<LandingCornerButton />}>
      <LandingHero />
      <LandingAbout />
      <LandingContact />
    </PublicLayout>
  )
}
