// Serves a built SPA (web/dist) the way the longhaul binary does — gzip,
// immutable hashed assets, no-cache for the rest, index.html for any other
// path with the route's preload hints (dist/route-preloads.json, as
// crates/longhaul/src/spa.rs adds them) — and passes /api to a running
// binary. For trying a web build that is not the one the binary was compiled
// against (a debug binary reads the web/dist of its own checkout).
// Usage: node bench/serve-dist.mjs --dist web/dist --port 4917 --api http://127.0.0.1:3917
import { createServer, request as httpRequest } from 'node:http'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { extname, join, normalize } from 'node:path'
import { gzipSync } from 'node:zlib'

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? process.argv[i + 1] : fallback
}
const dist = arg('dist', 'web/dist')
const port = Number(arg('port', 4917))
const api = new URL(arg('api', 'http://127.0.0.1:3917'))

const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.webmanifest': 'application/manifest+json', '.woff2': 'font/woff2',
}
const compressible = new Set(['.html', '.js', '.css', '.json', '.svg', '.webmanifest'])
const gzipped = new Map()

/** spa.rs's hints_for: the longest route that is the path or a folder of it. */
function hints(path, unfiltered) {
  const file = join(dist, 'route-preloads.json')
  if (!existsSync(file)) return ''
  const route = JSON.parse(readFileSync(file, 'utf8'))
    .routes.filter((r) => path === r.path || path.startsWith(`${r.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0]
  if (!route) return ''
  const own = unfiltered && route.path === path ? (route.fetch_unfiltered ?? []) : []
  return [
    ...route.modulepreload.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ...[...route.fetch, ...own].map((href) => `<link rel="preload" as="fetch" crossorigin href="${href.replaceAll('&', '&amp;')}">`),
  ].join('')
}

function sendFile(req, res, path, file, hinted) {
  const ext = extname(file)
  let body = readFileSync(file)
  if (hinted !== undefined) body = Buffer.from(body.toString('utf8').replace('</head>', `${hinted}</head>`))
  const headers = {
    'content-type': types[ext] ?? 'application/octet-stream',
    'cache-control': path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
  }
  if (compressible.has(ext) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
    // Keyed by modification time too: a rebuild while serving shows at once.
    const key = `${file}@${statSync(file).mtimeMs}@${hinted ?? ''}`
    if (!gzipped.has(key)) gzipped.set(key, gzipSync(body))
    body = gzipped.get(key)
    headers['content-encoding'] = 'gzip'
    headers.vary = 'accept-encoding'
  }
  res.writeHead(200, headers)
  res.end(body)
}

createServer((req, res) => {
  const requested = new URL(req.url, 'http://x')
  const path = decodeURIComponent(requested.pathname)
  if (path.startsWith('/api/') || path === '/readyz') {
    const upstream = httpRequest(
      { host: api.hostname, port: api.port, path: req.url, method: req.method, headers: { ...req.headers, host: api.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    upstream.on('error', () => {
      res.writeHead(502)
      res.end()
    })
    req.pipe(upstream)
    return
  }
  const file = normalize(join(dist, path))
  if (file.startsWith(normalize(dist)) && existsSync(file) && statSync(file).isFile()) return sendFile(req, res, path, file)
  sendFile(req, res, '/index.html', join(dist, 'index.html'), hints(path, requested.search === ''))
}).listen(port, '127.0.0.1', () => console.log(`serving ${dist} at http://127.0.0.1:${port} (api: ${api.origin})`))
