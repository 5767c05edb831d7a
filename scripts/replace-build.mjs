// A new build is made beside the one in use and put in its place only once it is whole (decision 48).
// An app still running on the old build keeps serving its pages' scripts and styles through the build,
// a build that fails leaves the old one as it was, and the hashed files of the builds before it stay a
// week, for the pages guests already have open.
import fs from 'node:fs'
import path from 'node:path'

/** How long a hashed file the new build no longer has is kept after it left. */
export const RETIRED_KEPT_MS = 7 * 24 * 60 * 60 * 1000
/** The build's folders of content-hashed files: a name there never changes content, so keeping one is safe. */
const HASHED_DIRS = ['client/assets', 'server/assets']
/** Which kept files left which build when, beside them (outside client/, so never served). */
export const RETIRED_RECORD = 'retired-assets.json'

function readRecord(buildDir) {
  try {
    const record = JSON.parse(fs.readFileSync(path.join(buildDir, RETIRED_RECORD), 'utf8'))
    return record && typeof record === 'object' ? record : {}
  } catch {
    return {}
  }
}

/**
 * Copies into `next` the hashed files of `previous` that `next` does not have, each with the time it
 * first left a build, dropping those that left more than a week before `now`.
 */
export function keepRetiredAssets(previous, next, now = new Date()) {
  const record = readRecord(previous)
  const kept = {}
  for (const dir of HASHED_DIRS) {
    const from = path.join(previous, dir)
    const to = path.join(next, dir)
    if (!fs.existsSync(from)) continue
    for (const name of fs.readdirSync(from)) {
      if (fs.existsSync(path.join(to, name))) continue
      const key = `${dir}/${name}`
      const leftAt = Date.parse(record[key] ?? '') || now.getTime()
      if (now.getTime() - leftAt > RETIRED_KEPT_MS) continue
      fs.mkdirSync(to, { recursive: true })
      fs.copyFileSync(path.join(from, name), path.join(to, name))
      kept[key] = new Date(leftAt).toISOString()
    }
  }
  fs.writeFileSync(path.join(next, RETIRED_RECORD), `${JSON.stringify(kept, null, 2)}\n`)
  return Object.keys(kept).length
}

/**
 * Runs `makeBuild(staging)` into `<buildDir>.next`, keeps the old build's retired hashed files in it, and
 * then swaps it in for `buildDir` by two renames. If `makeBuild` throws, `buildDir` is untouched.
 */
export async function replaceBuild(buildDir, makeBuild, now = new Date()) {
  const staging = `${buildDir}.next`
  const old = `${buildDir}.old`
  fs.rmSync(staging, { recursive: true, force: true })
  fs.rmSync(old, { recursive: true, force: true })
  await makeBuild(staging)
  const kept = fs.existsSync(buildDir) ? keepRetiredAssets(buildDir, staging, now) : 0
  if (fs.existsSync(buildDir)) fs.renameSync(buildDir, old)
  fs.renameSync(staging, buildDir)
  fs.rmSync(old, { recursive: true, force: true })
  return { kept }
}
