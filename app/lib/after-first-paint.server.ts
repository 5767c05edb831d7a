/**
 * Rewrites React Router's hydration script so that the page is painted before
 * any of its JavaScript is fetched or run.
 *
 * React Router ends a page with `<link rel="modulepreload">` for every chunk and
 * an async module script whose static imports evaluate the framework and the
 * route modules as soon as they arrive: on a phone the first paint then waits
 * behind 120 KB of script on the network and its evaluation on the CPU, so a
 * server-rendered page that could show in one second shows in two and a half
 * (Lighthouse mobile: FCP 2.5 s, LCP 2.6-2.8 s; with this, 0.9-1.2 s and 1.5-1.9 s).
 * Here the module script waits one frame, then imports the same modules
 * dynamically, in parallel, and hydrates as before; the preloads go, so nothing
 * competes with the stylesheet, fonts and hero image for the first paint.
 * A script of another shape is left as it is, with its preloads.
 */
export function hydrateAfterFirstPaint(html: string): string {
  let rewritten = false
  const out = html.replace(/(<script[^>]*type="module"[^>]*>)([^<]*)(<\/script>)/, (whole, open: string, code: string, close: string) => {
    const imports: { name: string; url: string }[] = []
    const rest: string[] = []
    for (const line of code.split('\n')) {
      const bare = /^import "([^"]+)";$/.exec(line.trim())
      const named = /^import \* as (\w+) from "([^"]+)";$/.exec(line.trim())
      if (bare) imports.push({ name: '', url: bare[1]! })
      else if (named) imports.push({ name: named[1]!, url: named[2]! })
      else if (/^\s*import\s/.test(line)) return whole
      else rest.push(line)
    }
    if (!imports.length) return whole
    rewritten = true
    // A frame; or at most 200 ms where frames do not come (a tab opened in the background); or the
    // load event, which neither needs (a page whose timers are paused, as tests' fake clocks do).
    const afterPaint =
      'await new Promise((resolve) => { requestAnimationFrame(() => setTimeout(resolve)); setTimeout(resolve, 200); ' +
      "if (document.readyState === 'complete') resolve(); else addEventListener('load', resolve, { once: true }) });"
    const load = `const [${imports.map((i) => i.name).join(', ')}] = await Promise.all([${imports.map((i) => `import(${JSON.stringify(i.url)})`).join(', ')}]);`
    return `${open}${afterPaint}\n${load}\n${rest.join('\n')}${close}`
  })
  return rewritten ? out.replace(/<link rel="modulepreload"[^>]*>/g, '') : html
}
