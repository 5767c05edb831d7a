import fs from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'

const require = createRequire(import.meta.url)
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }
type Axe = {
  run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }>
  /** axe-core's loaded rules (not its public API: read only to choose rules, with every rule run if it is missing). */
  _audit?: { rules?: { id: string; impact?: string }[] }
}

/** axe-core's serious and critical findings on the page as it is now (once what is animating in has settled), one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // axe reads colours as drawn: a dialog still fading in (200 ms) fails colour contrast. Spinners run for ever, so
  // only animations that end are waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
  // Once a document: parsing axe's 550 KB again for the page's second width took a third of a second.
  // page.evaluate is not subject to the page's CSP, unlike an injected <script>.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: Axe }).axe
    // A rule given an impact of its own reports every finding at that impact (axe-core's finalizeRuleResult):
    // one rated minor or moderate (the landmark rules, region, heading-order) can never find anything serious,
    // so it is not run. Every other rule is, at whatever impact its checks give.
    const lesser = (axe._audit?.rules ?? []).filter((rule) => rule.impact === 'minor' || rule.impact === 'moderate')
    const rules = Object.fromEntries(lesser.map((rule) => [rule.id, { enabled: false }]))
    // Only the violations are gathered in full: passes and incomplete results would only be thrown away.
    return (await axe.run(document, { rules, resultTypes: ['violations'] })).violations
  })
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')})`)
}
