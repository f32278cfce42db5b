import type { KeyValueStorage } from '@assessment/core';

/** `localStorage`, or undefined where the browser forbids it (privacy modes, sandboxed frames). */
export function browserStorage(): KeyValueStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
