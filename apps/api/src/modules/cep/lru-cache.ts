/**
 * A bounded map whose entries expire: the least recently read entry goes first when full.
 * Per process on purpose: it only saves calls to a public service, so processes that each keep
 * their own copy still answer the same.
 */
export function createLruCache<V>(options: { maxEntries: number; now?: () => number }): {
  get(key: string): V | undefined;
  set(key: string, value: V, ttlMs: number): void;
  readonly size: number;
} {
  const now = options.now ?? Date.now;
  // A Map iterates in insertion order: re-inserting on every read keeps the oldest read first.
  const entries = new Map<string, { value: V; expiresAt: number }>();

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expiresAt <= now()) return undefined;
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value, ttlMs) {
      entries.delete(key);
      entries.set(key, { value, expiresAt: now() + ttlMs });
      while (entries.size > options.maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
    },
    get size() {
      return entries.size;
    },
  };
}
