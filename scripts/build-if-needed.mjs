// Builds the app when the build is missing or older than its sources (npm start, the docs screenshots).
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const SOURCES = ['app', 'server', 'common', 'public', 'package.json', 'vite.config.ts', 'react-router.config.ts']

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0
  const stat = fs.statSync(p)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = 0
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)))
  return newest
}

/** Runs scripts/build.mjs when `buildDir` has no build, or one older than the sources. */
export function buildIfNeeded(buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build')) {
  const stamp = path.join(buildDir, '.stamp')
  const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0
  const changedAt = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))))
  if (builtAt && changedAt <= builtAt) return
  console.log(builtAt ? 'Sources changed since the last build: building…' : 'No build yet: building…')
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit', cwd: root })
}
