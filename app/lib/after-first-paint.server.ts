/**
 * Rewrites React Router's hydration script so that the page is painted before
 * any of its JavaScript is fetched or run (issue 16).
 *
 * React Router ends a page with `<link rel="modulepreload">` for every chunk and
 * an async module script whose static imports evaluate the framework and the
 * route modules as soon as they arrive. On a phone the first paint then waits
 * behind 110-140 KB of script on the network, and its evaluation on the CPU:
 * a server-rendered page that could show in one second shows in two and a half.
 *
 * Here the module script first waits until the browser has put the first paint
 * on screen, then imports the same modules dynamically, in parallel, and
 * hydrates as before; the preloads go, so nothing competes with the stylesheet,
 * fonts and hero image for that paint. A script of another shape is left as it
 * is, with its preloads. See docs/performance.md, "Pages in the browser".
 */
export function hydrateAfterFirstPaint(html: string): string {
  let rewritten = false
  const out = html.replace(
    /(<script[^>]*type="module"[^>]*>)([^<]*)(<\/script>)/,
    (whole, open: string, code: string, close: string) => {
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
      const load = `const [${imports.map((i) => i.name).join(', ')}] = await Promise.all([${imports.map((i) => `import(${JSON.stringify(i.url)})`).join(', ')}]);`
      return `${open}${AFTER_FIRST_PAINT}\n${load}\n${rest.join('\n')}${close}`
    },
  )
  return rewritten ? out.replace(/<link rel="modulepreload"[^>]*>/g, '') : html
}

/**
 * Resolves once the first paint is on screen. A frame callback or the load event
 * is not enough: both come before the browser presents that paint (the load
 * event came 30-50 ms before it in Lighthouse's traces), so the scripts still
 * raced the paint. The first largest-contentful-paint entry is only reported
 * once the paint is presented; where it is not supported, the first paint entry
 * is; where neither is, a frame. A page in a background tab paints nothing, so
 * it goes at once, and any page goes after 3 s whatever happens. No timer is
 * needed on the usual path, so pages whose timers tests pause still hydrate.
 */
const AFTER_FIRST_PAINT =
  'await new Promise((resolve) => { ' +
  'const types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || []; ' +
  "const type = ['largest-contentful-paint', 'paint'].find((t) => types.includes(t)); " +
  "if (document.visibilityState !== 'visible') resolve(); " +
  'else if (type) new PerformanceObserver((_, observer) => { observer.disconnect(); resolve() }).observe({ type, buffered: true }); ' +
  'else requestAnimationFrame(() => setTimeout(resolve)); ' +
  'setTimeout(resolve, 3000) });'
