/**
 * A small read-through cache for data every request needs and that changes
 * rarely (settings, a date's availability). An entry lives `ttlMs`;
 * concurrent callers share one load; a failed load is not kept. `drop` and
 * `clear` forget entries at once, so a change made through this process is
 * seen by its next request; other app instances see it within `ttlMs`.
 */
export function createTtlCache<K, V>({ ttlMs, now = () => performance.now() }: { ttlMs: number; now?: () => number }) {
  const entries = new Map<K, { at: number; value: Promise<V> }>()

  return {
    get(key: K, load: () => Promise<V>): Promise<V> {
      const hit = entries.get(key)
      if (hit && now() - hit.at < ttlMs) return hit.value
      const value = load()
      if (ttlMs > 0) {
        const entry = { at: now(), value }
        entries.set(key, entry)
        value.catch(() => {
          if (entries.get(key) === entry) entries.delete(key)
        })
        // Expired entries of keys nobody asks for again must not pile up.
        if (entries.size > 1000) for (const [k, e] of entries) if (now() - e.at >= ttlMs) entries.delete(k)
      }
      return value
    },
    drop(key: K) {
      entries.delete(key)
    },
    clear() {
      entries.clear()
    },
  }
}
