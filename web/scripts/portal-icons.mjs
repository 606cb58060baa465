// Draws the driver portal's app icons (web/public/icons/portal-*.png) from
// the favicon's truck in Debian's Chromium. Run once when the mark changes:
// node scripts/portal-icons.mjs
import { createRequire } from 'node:module'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'

const require = createRequire(new URL('../../e2e/package.json', import.meta.url))
const { chromium } = require('playwright-core')

const truck = (size, inset) => {
  // The favicon's 32-unit drawing, `inset` of the side left clear on each edge.
  const scale = (size * (1 - 2 * inset)) / 32
  const offset = size * inset
  // Centred: the truck spans x 7–27, y 12–24 of the 32 units.
  return `<g transform="translate(${offset} ${offset}) scale(${scale}) translate(-1 -2)"><path d="M8 21h11v-8h4l3 4v4h-2" fill="none" stroke="#fff" stroke-width="2.2" stroke-linejoin="round"/><circle cx="11" cy="22" r="2" fill="#fff"/><circle cx="22" cy="22" r="2" fill="#fff"/></g>`
}
const icons = [
  // "any": the favicon's rounded square.
  { name: 'portal-192.png', size: 192, svg: (s) => `<rect width="${s}" height="${s}" rx="${s * 0.22}" fill="#3E63DD"/>${truck(s, 0)}` },
  { name: 'portal-512.png', size: 512, svg: (s) => `<rect width="${s}" height="${s}" rx="${s * 0.22}" fill="#3E63DD"/>${truck(s, 0)}` },
  // "maskable": full bleed, the truck inside the central safe zone.
  { name: 'portal-maskable-512.png', size: 512, svg: (s) => `<rect width="${s}" height="${s}" fill="#3E63DD"/>${truck(s, 0.12)}` },
  { name: 'portal-180.png', size: 180, svg: (s) => `<rect width="${s}" height="${s}" fill="#3E63DD"/>${truck(s, 0.06)}` },
]

const browser = await chromium.launch({
  executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
  args: ['--no-sandbox', '--disable-gpu'],
})
const page = await browser.newPage()
mkdirSync(new URL('../public/icons/', import.meta.url), { recursive: true })
for (const icon of icons) {
  await page.setViewportSize({ width: icon.size, height: icon.size })
  await page.setContent(
    `<html><body style="margin:0;background:transparent"><svg xmlns="http://www.w3.org/2000/svg" width="${icon.size}" height="${icon.size}">${icon.svg(icon.size)}</svg></body></html>`,
  )
  const png = await page.locator('svg').screenshot({ omitBackground: true })
  writeFileSync(new URL(`../public/icons/${icon.name}`, import.meta.url), png)
  console.log(`${icon.name}: ${png.length} bytes`)
}
await browser.close()
