/** The part of the Web Storage API the session needs; an in-memory one stands in for it in tests. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * A write that never throws: a full storage (QuotaExceededError) or a forbidden one must not
 * crash the page the candidate is typing into. Returns whether the value was kept.
 */
export function safeWrite(storage: KeyValueStorage | undefined, key: string, value: string | null): boolean {
  if (!storage) return false;
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
    return true;
  } catch (error) {
    console.error(`Could not save "${key}" in this browser's storage`, error);
    return false;
  }
}

export function safeRead(storage: KeyValueStorage | undefined, key: string): string | null {
  if (!storage) return null;
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

/** A Storage held in memory, for tests and for browsers without localStorage. */
export function memoryStorage(quotaChars = Number.POSITIVE_INFINITY): KeyValueStorage & { size(): number } {
  const items = new Map<string, string>();
  const size = () => [...items].reduce((sum, [k, v]) => sum + k.length + v.length, 0);
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem(key, value) {
      const previous = items.get(key);
      const next = size() - (previous === undefined ? 0 : key.length + previous.length) + key.length + value.length;
      if (next > quotaChars) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      items.set(key, value);
    },
    removeItem: (key) => {
      items.delete(key);
    },
    size,
  };
}
