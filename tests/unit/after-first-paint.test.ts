import { describe, expect, it } from 'vitest'
import { hydrateAfterFirstPaint } from '../../app/lib/after-first-paint.server'

// The end of a page as React Router 7 renders it.
const page = (script: string) =>
  `<html><head><link rel="modulepreload" href="/assets/framework-a.js" nonce="N"/><link rel="stylesheet" href="/assets/app.css"/></head>` +
  `<body><main>Menu</main><script nonce="N">window.__reactRouterContext = {};</script>` +
  `<script nonce="N" type="module" async="">${script}</script></body></html>`
const ROUTER_SCRIPT = [
  'import "/assets/manifest-1.js";',
  'import * as route0 from "/assets/root-2.js";',
  'import * as route1 from "/assets/menu-3.js";',
  '  ',
  '  window.__reactRouterRouteModules = {"root":route0,"routes/menu":route1};',
  '',
  'import("/assets/entry.client-4.js");',
].join('\n')

describe('hydration after the first paint', () => {
  it('imports the same modules once the first paint is on screen, in parallel, and drops their preloads', () => {
    const html = hydrateAfterFirstPaint(page(ROUTER_SCRIPT))
    const script = /type="module" async="">([^<]*)<\/script>/.exec(html)![1]!
    expect(script).toMatch(/^await new Promise\(\(resolve\) => \{/)
    expect(script).toContain("['largest-contentful-paint', 'paint']")
    expect(script).toContain(
      'const [, route0, route1] = await Promise.all([import("/assets/manifest-1.js"), import("/assets/root-2.js"), import("/assets/menu-3.js")]);',
    )
    expect(script).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/menu":route1};')
    expect(script.trim().endsWith('import("/assets/entry.client-4.js");')).toBe(true)
    expect(script).not.toMatch(/^import /m)
    expect(html).not.toContain('modulepreload')
    // Everything else is as rendered.
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>')
    expect(html).toContain('<script nonce="N">window.__reactRouterContext = {};</script>')
  })

  it('runs as a module: the rewritten code parses', () => {
    const script = /type="module" async="">([^<]*)<\/script>/.exec(hydrateAfterFirstPaint(page(ROUTER_SCRIPT)))![1]!
    // An async function body accepts what a module's top level does here (await, const, dynamic import).
    expect(() => new Function(`return (async () => { ${script} })`)).not.toThrow()
  })

  it('leaves a script of another shape, and its preloads, as they are', () => {
    for (const other of ['import { x } from "/assets/a.js";\nx()', 'console.log("no imports")']) {
      expect(hydrateAfterFirstPaint(page(other))).toBe(page(other))
    }
  })
})
