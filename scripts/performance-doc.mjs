// Writes a generated section of docs/performance.md, between its markers,
// leaving the hand-written text around it as it is.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const DOC = path.resolve('docs/performance.md')

/** The machine a measurement ran on, as one markdown line. */
export function machineLine(date = new Date()) {
  const cpus = os.cpus()
  const load = os.loadavg().map((l) => l.toFixed(1)).join(', ')
  return (
    `Measured ${date.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus[0]?.model.trim() ?? 'an unknown CPU'}, ` +
    `${cpus.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}; ` +
    `load average before the run ${load} (other work on the machine moves the figures).`
  )
}

/** A markdown table from rows of plain objects (the keys of the first row are the columns). */
export function markdownTable(rows) {
  const columns = Object.keys(rows[0] ?? {})
  const cell = (v) => String(v ?? '').replaceAll('|', '\\|')
  return [
    `| ${columns.join(' | ')} |`,
    `| ${columns.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${columns.map((c) => cell(row[c])).join(' | ')} |`),
  ].join('\n')
}

/**
 * Replaces the text between `<!-- name:start -->` and `<!-- name:end -->` in
 * docs/performance.md with `markdown`; a section not there yet is added at
 * the end under `heading`.
 */
export function writeGeneratedSection(name, heading, markdown) {
  const start = `<!-- ${name}:start -->`
  const end = `<!-- ${name}:end -->`
  const note = `<!-- Written by \`npm run ${name}\`; edit outside the markers. -->`
  const block = `${start}\n${note}\n\n${markdown.trim()}\n\n${end}`
  let doc = fs.existsSync(DOC) ? fs.readFileSync(DOC, 'utf8') : '# Performance\n'
  const from = doc.indexOf(start)
  const to = doc.indexOf(end)
  if (from !== -1 && to > from) doc = doc.slice(0, from) + block + doc.slice(to + end.length)
  else doc = `${doc.trimEnd()}\n\n## ${heading}\n\n${block}\n`
  fs.writeFileSync(DOC, doc)
  return DOC
}
