// Production build: the React Router app (client + SSR bundle), then the
// Express entry bundled beside it as <build>/server-entry.js.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { build } from 'esbuild'
import { replaceBuild } from './replace-build.mjs'

const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build')
const bin = (name) => path.resolve('node_modules/.bin', name)

// Made beside the build in use and swapped in whole at the end (scripts/replace-build.mjs).
const { kept } = await replaceBuild(buildDir, async (staging) => {
  execFileSync(bin('react-router'), ['build'], { stdio: 'inherit', env: { ...process.env, BUILD_DIR: staging, NODE_ENV: 'production' } })

  // Scripts and styles compressed once, here, at the best levels (brotli 11, gzip 9), so the
  // server sends them without compressing each request (server/http/precompressed.ts).
  const assetsDir = path.join(staging, 'client', 'assets')
  for (const name of fs.readdirSync(assetsDir)) {
    if (!/\.(?:js|css|svg|json)$/.test(name)) continue
    const file = path.join(assetsDir, name)
    const raw = fs.readFileSync(file)
    if (raw.length < 1024) continue
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }))
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(raw, { level: 9 }))
  }

  await build({
    entryPoints: ['server/index.ts'],
    outfile: path.join(staging, 'server-entry.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  })
  // Worker threads the server starts by file, found beside server-entry.js as they are beside their module in the sources.
  fs.copyFileSync(path.resolve(import.meta.dirname, '../server/media/pdf-worker.mjs'), path.join(staging, 'pdf-worker.mjs'))
  fs.copyFileSync(path.resolve(import.meta.dirname, '../server/hours/holidays-worker.mjs'), path.join(staging, 'holidays-worker.mjs'))
  fs.writeFileSync(path.join(staging, '.stamp'), new Date().toISOString())
})
console.log(`Built into ${path.relative(process.cwd(), buildDir) || '.'}${kept ? ` (keeping ${kept} files of earlier builds for pages already open)` : ''}`)
