// Issue 32 budget: a 12 MP photo leaves the phone as at most 1.5 MB. Runs the
// portal's own downscaleImage (web/src/features/driver-portal/offline/
// downscale-image.ts, compiled as is with TypeScript) in Debian's Chromium on
// a noisy 4000×3000 JPEG made in the page — a worst case for JPEG, noisier
// than a real photo of a POD — and prints the sizes. Exits 1 over budget.
// Usage: node bench/portal_photo_bench.mjs [--throttle 4]
import { createRequire } from 'node:module'
import { existsSync, readFileSync } from 'node:fs'

const e2e = createRequire(new URL('../e2e/package.json', import.meta.url))
const web = createRequire(new URL('../web/package.json', import.meta.url))
const { chromium } = e2e('playwright-core')
const ts = web('typescript')

const BUDGET_BYTES = 1_500_000
const i = process.argv.indexOf('--throttle')
const throttle = i > 0 ? Number(process.argv[i + 1]) : 1
const source = readFileSync(new URL('../web/src/features/driver-portal/offline/downscale-image.ts', import.meta.url), 'utf8')
const code = ts.transpileModule(source, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } }).outputText

const browser = await chromium.launch({
  executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
  args: ['--no-sandbox', '--disable-gpu'],
})
const page = await browser.newPage()
await page.goto('about:blank')
const cdp = await page.context().newCDPSession(page)
if (throttle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle })

const result = await page.evaluate(async (moduleCode) => {
  const url = URL.createObjectURL(new Blob([moduleCode], { type: 'text/javascript' }))
  const { downscaleImage, MAX_EDGE } = await import(url)

  // A "photo": gradients, shapes and text under per-pixel sensor noise (±40).
  const width = 4000
  const height = 3000
  const canvas = new OffscreenCanvas(width, height)
  const g = canvas.getContext('2d')
  const sky = g.createLinearGradient(0, 0, width, height)
  sky.addColorStop(0, '#d9cbb0')
  sky.addColorStop(1, '#6f7f96')
  g.fillStyle = sky
  g.fillRect(0, 0, width, height)
  let seed = 42
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31)
  for (let n = 0; n < 400; n++) {
    g.fillStyle = `hsl(${random() * 360} 40% ${30 + random() * 50}%)`
    g.fillRect(random() * width, random() * height, random() * 600, random() * 400)
  }
  g.fillStyle = '#111'
  g.font = '64px serif'
  for (let line = 0; line < 30; line++) g.fillText('Received in good order — signature — BOL 0042 — seal 118', 300, 200 + line * 90)
  const pixels = g.getImageData(0, 0, width, height)
  const data = pixels.data
  for (let p = 0; p < data.length; p += 4) {
    const noise = (random() - 0.5) * 80
    data[p] += noise
    data[p + 1] += noise
    data[p + 2] += noise
  }
  g.putImageData(pixels, 0, 0)
  const original = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 })
  const file = new File([original], 'IMG_0042.jpg', { type: 'image/jpeg' })

  const start = performance.now()
  const out = await downscaleImage(file)
  const ms = performance.now() - start
  const bitmap = await createImageBitmap(out)
  return { inBytes: file.size, outBytes: out.size, outType: out.type, width: bitmap.width, height: bitmap.height, ms, maxEdge: MAX_EDGE }
}, code)
await browser.close()

const mb = (bytes) => `${(bytes / 1e6).toFixed(2)} MB`
const rows = [
  ['input (4000×3000 noisy JPEG, q 0.92)', mb(result.inBytes)],
  ['output', `${mb(result.outBytes)} ${result.outType} ${result.width}×${result.height}`],
  ['downscale time', `${Math.round(result.ms)} ms (CPU ${throttle}x)`],
  ['budget', `${mb(BUDGET_BYTES)} → ${result.outBytes <= BUDGET_BYTES ? 'pass' : 'FAIL'}`],
]
for (const [name, value] of rows) console.log(`${name.padEnd(40)}${value}`)
if (result.outBytes > BUDGET_BYTES) process.exit(1)
