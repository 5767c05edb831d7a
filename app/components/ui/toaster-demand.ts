/**
 * Whether anything on the page has asked for the toast viewport yet: a store
 * of one flag, so the toast store (use-toast.ts) and any component can ask for
 * it without importing it. The viewport's loader (components/site/page-toaster.tsx)
 * decides when the page loads it, and listens here.
 */
let wanted = false
const listeners = new Set<() => void>()

/** Asks for the toaster: its code then loads alongside whatever is about to show a toast. */
export function wantPageToaster() {
  if (wanted) return
  wanted = true
  for (const listener of listeners) listener()
}

export const toasterWanted = () => wanted

export function subscribeToasterWanted(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}
