import { useIsMutating } from '@tanstack/react-query'
import { useEffect, useSyncExternalStore } from 'react'
import { backOfficeWrites } from '~/lib/api'

// Back-office changes and uploads sent and not yet answered (the lists' refetches after an answer not counted).
let writesInFlight = 0
const listeners = new Set<() => void>()
const writesChanged = (by: number) => {
  writesInFlight += by
  listeners.forEach((listener) => listener())
}
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}
const sending = () => writesInFlight > 0

/** Counts a change or an upload as on its way until it is answered, whichever way it ends. */
export async function whileWriting<T>(request: Promise<T>): Promise<T> {
  writesChanged(1)
  try {
    return await request
  } finally {
    writesChanged(-1)
  }
}
// Every back-office change made through apiRequest is counted (the public pages leave it unset).
backOfficeWrites.track = whileWriting

/**
 * While a change is still on its way to the server, leaving the back-office (a reload, closing the tab, Sign
 * Out, typing another address) asks first. The browser would cut off the save in flight and drop any queued
 * behind it: a status picked twice on Event Enquiries, and the tab closed at once, kept only the first pick.
 * "On its way" is a change or an upload sent and not yet answered, or one waiting behind another of its kind
 * (a mutation's scope). Moving between panels is not leaving: the saves go on in the background.
 *
 * The browser words the question itself ("Leave site? Changes that you made may not be saved."), and asks
 * only on a page that staff have clicked or typed in. `data-saving` on the document says a save is under way
 * (the browser tests wait on it).
 */
export function useLeaveGuardWhileSaving() {
  const answering = useSyncExternalStore(subscribe, sending, () => false)
  const queued = useIsMutating({ predicate: (mutation) => mutation.state.isPaused }) > 0
  const saving = answering || queued
  useEffect(() => {
    if (!saving) return
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // Older browsers ask only when a value is set.
      event.returnValue = true
    }
    window.addEventListener('beforeunload', ask)
    document.documentElement.dataset.saving = 'true'
    return () => {
      window.removeEventListener('beforeunload', ask)
      delete document.documentElement.dataset.saving
    }
  }, [saving])
}
