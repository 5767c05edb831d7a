import fs from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'

const require = createRequire(import.meta.url)
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }

/** axe-core's serious and critical findings on the page as it is now, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // page.evaluate is not subject to the page's CSP, unlike an injected <script>.
  await page.evaluate(AXE_SOURCE)
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe
    // Only the violations are gathered in full: passes and incomplete results would only be thrown away.
    return (await axe.run(document, { resultTypes: ['violations'] })).violations
  })
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')})`)
}
