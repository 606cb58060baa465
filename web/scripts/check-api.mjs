// Fails when src/lib/api-types.ts differs from what openapi-typescript
// generates from ../contracts/openapi.json (the committed API snapshot).
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const spec = '../contracts/openapi.json'
const current = 'src/lib/api-types.ts'

if (!existsSync(spec)) {
  console.error(`check:api: ${spec} does not exist; nothing to compare against.`)
  process.exit(1)
}

const dir = mkdtempSync(join(tmpdir(), 'longhaul-api-'))
const generated = join(dir, 'api-types.ts')
function compare() {
  execFileSync('npx', ['openapi-typescript', spec, '-o', generated], { stdio: 'inherit' })
  if (readFileSync(generated, 'utf8') === readFileSync(current, 'utf8')) {
    console.log(`check:api: ${current} matches ${spec}`)
    return true
  }
  console.error(`check:api: ${current} is out of date with ${spec}; run \`npm run gen:api\`.`)
  spawnSync('diff', ['-u', current, generated], { stdio: 'inherit' })
  return false
}

let ok
try {
  ok = compare()
} finally {
  rmSync(dir, { recursive: true, force: true })
}
process.exit(ok ? 0 : 1)
