import { describe, expect, it, vi } from 'vitest';
import { memoryStorage, safeWrite } from './safe-storage.ts';

describe('safeWrite', () => {
  it('survives QuotaExceededError', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const storage = memoryStorage(10);
    expect(safeWrite(storage, 'k', 'a'.repeat(20))).toBe(false);
    expect(safeWrite(storage, 'k', 'ok')).toBe(true);
    expect(storage.getItem('k')).toBe('ok');
    error.mockRestore();
  });
});
