/**
 * Clean-ups that must run when a test file ends, registered from anywhere (a
 * hook registered inside beforeAll is silently never run by Vitest). The
 * setup file tests/helpers/setup-file.ts runs them, last registered first.
 */
const cleanups: (() => unknown)[] = []

export function afterFile(cleanup: () => unknown) {
  cleanups.push(cleanup)
}

export async function runAfterFile() {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
}
