import { describe, expect, it } from 'vitest';
import { assembleChunks, newestFirst, type StoredChunk } from './recovery.ts';

const chunk = (seq: number, elapsedMs: number): StoredChunk => ({
  recordingId: 'r1',
  seq,
  data: new Blob([`piece ${seq}`]),
  elapsedMs,
});

describe('assembleChunks', () => {
  it('puts the pieces back in recording order and takes the time of the last one', async () => {
    const { parts, durationMs } = assembleChunks([chunk(2, 3000), chunk(0, 1000), chunk(1, 2000)]);
    expect(await Promise.all(parts.map((part) => part.text()))).toEqual(['piece 0', 'piece 1', 'piece 2']);
    expect(durationMs).toBe(3000);
  });

  it('stops at a missing piece', () => {
    const { parts, durationMs } = assembleChunks([chunk(0, 1000), chunk(1, 2000), chunk(3, 4000)]);
    expect(parts).toHaveLength(2);
    expect(durationMs).toBe(2000);
  });

  it('has nothing to offer without the first piece, which holds the file header', () => {
    expect(assembleChunks([chunk(1, 2000)]).parts).toEqual([]);
    expect(assembleChunks([]).parts).toEqual([]);
  });
});

describe('newestFirst', () => {
  it('orders recordings from the last made', () => {
    expect(newestFirst([{ createdAt: 1 }, { createdAt: 3 }, { createdAt: 2 }])).toEqual([
      { createdAt: 3 },
      { createdAt: 2 },
      { createdAt: 1 },
    ]);
  });
});
