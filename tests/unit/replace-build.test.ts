// scripts/replace-build.mjs: a build is made beside the one in use and swapped in whole, keeping the
// hashed files of earlier builds a week, so an app still running and the pages guests have open keep
// finding the scripts and styles they name (decision 48).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { RETIRED_KEPT_MS, RETIRED_RECORD, replaceBuild } from '../../scripts/replace-build.mjs'

let root: string
let buildDir: string
const now = new Date('2026-12-18T17:00:00Z')
const daysBefore = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString()

function write(dir: string, files: Record<string, string>) {
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
    fs.writeFileSync(path.join(dir, name), content)
  }
}
const read = (name: string) => fs.readFileSync(path.join(buildDir, name), 'utf8')
const exists = (name: string) => fs.existsSync(path.join(buildDir, name))

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'pub-replace-build-'))
  buildDir = path.join(root, 'build')
  write(buildDir, {
    'server-entry.js': 'old entry',
    'server/index.js': 'old server',
    'server/assets/panel-OLD1.js': 'old server chunk',
    'client/assets/root-OLD1.js': 'old root script',
    'client/assets/root-OLD1.js.br': 'old root script, brotli',
    'client/assets/shared-SAME.css': 'shared style',
    'client/favicon.ico': 'icon',
  })
})
afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

it('leaves the build in use whole while the next is made, then swaps it in with the old hashed files kept', async () => {
  const seenDuringBuild: string[] = []
  const { kept } = await replaceBuild(
    buildDir,
    (staging: string) => {
      // An app running on the old build serves these meanwhile.
      seenDuringBuild.push(read('client/assets/root-OLD1.js'), read('server/index.js'))
      write(staging, {
        'server-entry.js': 'new entry',
        'server/index.js': 'new server',
        'server/assets/panel-NEW2.js': 'new server chunk',
        'client/assets/root-NEW2.js': 'new root script',
        'client/assets/shared-SAME.css': 'shared style',
        'client/favicon.ico': 'icon',
      })
    },
    now,
  )
  expect(seenDuringBuild).toEqual(['old root script', 'old server'])
  expect(kept).toBe(3)
  // The new build, with the old one's hashed files beside it, unchanged.
  expect(read('server-entry.js')).toBe('new entry')
  expect(read('server/index.js')).toBe('new server')
  expect(read('client/assets/root-NEW2.js')).toBe('new root script')
  expect(read('client/assets/root-OLD1.js')).toBe('old root script')
  expect(read('client/assets/root-OLD1.js.br')).toBe('old root script, brotli')
  expect(read('server/assets/panel-OLD1.js')).toBe('old server chunk')
  expect(JSON.parse(read(RETIRED_RECORD))).toEqual({
    'client/assets/root-OLD1.js': now.toISOString(),
    'client/assets/root-OLD1.js.br': now.toISOString(),
    'server/assets/panel-OLD1.js': now.toISOString(),
  })
  // Nothing left beside it.
  expect(fs.readdirSync(root)).toEqual(['build'])
})

it('keeps a retired file a week from when it first left a build, then drops it', async () => {
  write(buildDir, {
    'client/assets/older-OLD0.js': 'six days gone',
    'client/assets/oldest-OLDX.js': 'eight days gone',
    [RETIRED_RECORD]: JSON.stringify({ 'client/assets/older-OLD0.js': daysBefore(6), 'client/assets/oldest-OLDX.js': daysBefore(8) }),
  })
  await replaceBuild(buildDir, (staging: string) => write(staging, { 'client/assets/root-NEW2.js': 'new' }), now)
  expect(read('client/assets/older-OLD0.js')).toBe('six days gone')
  expect(exists('client/assets/oldest-OLDX.js')).toBe(false)
  const record = JSON.parse(read(RETIRED_RECORD)) as Record<string, string>
  expect(record['client/assets/older-OLD0.js']).toBe(daysBefore(6))
  expect(record['client/assets/root-OLD1.js']).toBe(now.toISOString())
  expect(RETIRED_KEPT_MS).toBe(7 * 24 * 60 * 60 * 1000)

  // Half a day later it is still kept; two days after the first build it has gone.
  await replaceBuild(buildDir, (staging: string) => write(staging, { 'client/assets/root-NEW3.js': 'newer' }), new Date(now.getTime() + 0.5 * 86_400_000))
  expect(read('client/assets/older-OLD0.js')).toBe('six days gone')
  expect(read('client/assets/root-NEW2.js')).toBe('new')
  await replaceBuild(buildDir, (staging: string) => write(staging, { 'client/assets/root-NEW4.js': 'newest' }), new Date(now.getTime() + 2 * 86_400_000))
  expect(exists('client/assets/older-OLD0.js')).toBe(false)
  expect(read('client/assets/root-OLD1.js')).toBe('old root script')
})

it('a build that fails leaves the build in use as it was', async () => {
  const before = fs.readdirSync(buildDir, { recursive: true }).sort()
  await expect(
    replaceBuild(buildDir, (staging: string) => {
      write(staging, { 'client/assets/half-NEW2.js': 'half a build' })
      throw new Error('the build failed')
    }),
  ).rejects.toThrow('the build failed')
  expect(fs.readdirSync(buildDir, { recursive: true }).sort()).toEqual(before)
  expect(read('server/index.js')).toBe('old server')
})

it('a first build has nothing to keep', async () => {
  fs.rmSync(buildDir, { recursive: true })
  const { kept } = await replaceBuild(buildDir, (staging: string) => write(staging, { 'server/index.js': 'first' }), now)
  expect(kept).toBe(0)
  expect(read('server/index.js')).toBe('first')
  expect(fs.readdirSync(root)).toEqual(['build'])
})
