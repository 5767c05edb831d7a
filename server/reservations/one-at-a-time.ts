/**
 * Runs work one at a time per key, in arrival order, on this instance: a
 * later call for a key starts once the earlier ones have settled. Event
 * bookings of one date use it so that at most one of them per instance waits
 * on the date's advisory lock, each waiting one holding a pooled connection:
 * fifteen guests booking one event at once would otherwise take the whole
 * pool and leave every other request to time out waiting for a connection.
 */
export function oneAtATime() {
  const tails = new Map<string, Promise<unknown>>()
  return <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const result = (tails.get(key) ?? Promise.resolve()).then(work)
    const tail = result.catch(() => undefined)
    tails.set(key, tail)
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key)
    })
    return result
  }
}
