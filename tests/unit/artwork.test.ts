import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import manifest from '../../artwork/manifest.json'
import { ARTWORK } from '../../app/lib/artwork'

describe('artwork: one manifest for the pages and the renderer', () => {
  it('offers only pictures that were rendered, at every width the manifest names', () => {
    for (const [key, art] of Object.entries(ARTWORK)) {
      for (const candidate of art.srcSet.split(', ')) {
        const file = candidate.split(' ')[0]!
        expect(fs.existsSync(path.join('public', file)), `${key}: ${file}`).toBe(true)
      }
    }
  })

  it('uses every name of the manifest, and the renderer reads it', () => {
    const used = new Set(Object.values(ARTWORK).map((a) => a.src.replace(/^\/images\/(.+)-\d+\.webp$/, '$1')))
    expect([...used].sort()).toEqual(Object.keys(manifest.artwork).sort())
    expect(fs.readFileSync('scripts/artwork.mjs', 'utf8')).toContain("'artwork/manifest.json'")
  })
})
