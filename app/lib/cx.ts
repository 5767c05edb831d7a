/**
 * Joins class names, skipping falsy ones. For the light public pages, where
 * no class needs overriding, so tailwind-merge (in `cn`) stays out of the bundle.
 */
export function cx(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(' ')
}
