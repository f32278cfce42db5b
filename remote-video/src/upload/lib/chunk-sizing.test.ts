import { describe, expect, it } from 'vitest';
import { adaptiveFileReader, CHUNK_SIZING, createChunkSizer, nextChunkBytes } from './chunk-sizing.ts';

const MiB = 1024 * 1024;
/** The server's request timeout: a chunk must end well inside it. */
const REQUEST_TIMEOUT_MS = 120_000;

describe('nextChunkBytes', () => {
  it('starts small enough for a very slow link (256 kbit/s) to send it well inside the request timeout', () => {
    const first = nextChunkBytes(null);
    const ms = (first * 8) / 256;
    expect(ms).toBeLessThan(REQUEST_TIMEOUT_MS / 2);
  });

  it('grows on a fast link, at most fourfold each time, up to the largest chunk', () => {
    let bytes = nextChunkBytes(null);
    const sizes = [bytes];
    for (let chunk = 0; chunk < 6; chunk += 1) {
      // 200 MB/s: each chunk takes a few milliseconds.
      bytes = nextChunkBytes({ bytes, acknowledgedBytes: bytes, ms: bytes / 200_000 });
      sizes.push(bytes);
    }
    expect(sizes).toEqual([MiB, 4 * MiB, 16 * MiB, 64 * MiB, 64 * MiB, 64 * MiB, 64 * MiB]);
  });

  it('sizes each chunk to take about 15 s at the speed just measured', () => {
    // 1 MB/s (8 Mbit/s): 15 MB.
    const bytes = nextChunkBytes({ bytes: 16 * MiB, acknowledgedBytes: 16 * MiB, ms: (16 * MiB) / 1000 });
    expect(bytes).toBe(15 * 1000 * 1000);
  });

  it('keeps every chunk well inside the request timeout even when the link gets eight times slower', () => {
    for (const bytesPerSecond of [32_000, 125_000, 1_000_000, 12_500_000, 200_000_000]) {
      const last = { bytes: 64 * MiB, acknowledgedBytes: 64 * MiB, ms: ((64 * MiB) / bytesPerSecond) * 1000 };
      const bytes = nextChunkBytes(last);
      const msIfEightTimesSlower = (bytes / bytesPerSecond) * 1000 * 8;
      expect(msIfEightTimesSlower, `${bytesPerSecond} B/s`).toBeLessThanOrEqual(REQUEST_TIMEOUT_MS);
    }
  });

  it('halves the chunk after one the server did not take whole, and never goes below the smallest', () => {
    expect(nextChunkBytes({ bytes: 16 * MiB, acknowledgedBytes: 3 * MiB, ms: 1000 })).toBe(8 * MiB);
    expect(nextChunkBytes({ bytes: 16 * MiB, acknowledgedBytes: 0, ms: 120_000 })).toBe(CHUNK_SIZING.minBytes);
  });
});

describe('createChunkSizer', () => {
  it('times each chunk until the next is read, and starts the next where the server is', () => {
    let clock = 0;
    const sizer = createChunkSizer(() => clock);
    expect(sizer.chunkEnd(0, 100 * MiB)).toBe(MiB);
    clock += 10;
    expect(sizer.chunkEnd(MiB, 100 * MiB)).toBe(5 * MiB);
    // The connection dropped after 1 MiB of that chunk, and the retry came 30 s later.
    clock += 30_000;
    const end = sizer.chunkEnd(2 * MiB, 100 * MiB);
    expect(end - 2 * MiB).toBe(Math.floor((MiB / 30_000) * CHUNK_SIZING.targetMs));
  });

  it('never reads past what remains of the take', () => {
    const sizer = createChunkSizer(() => 0);
    expect(sizer.chunkEnd(0, 1000)).toBe(1000);
  });
});

describe('adaptiveFileReader', () => {
  it('hands tus-js-client slices of the take that end where the sizer says', async () => {
    const take = new Blob([new Uint8Array(10 * MiB)]);
    const read: [number, number][] = [];
    const base = {
      async openFile(input: Blob) {
        return {
          size: input.size,
          async slice(start: number, end: number) {
            read.push([start, end]);
            return { value: input.slice(start, end), done: end >= input.size };
          },
          close() {},
        };
      },
    };
    let clock = 0;
    const source = await adaptiveFileReader(
      base,
      createChunkSizer(() => clock),
    ).openFile(take, CHUNK_SIZING.maxBytes);
    expect(source.size).toBe(10 * MiB);
    const first = await source.slice(0, take.size);
    expect((first.value as Blob).size).toBe(MiB);
    clock += 5;
    const second = await source.slice(MiB, take.size);
    expect(second).toMatchObject({ done: false });
    clock += 5;
    const last = await source.slice(5 * MiB, take.size);
    expect(last).toMatchObject({ done: true });
    expect(read).toEqual([
      [0, MiB],
      [MiB, 5 * MiB],
      [5 * MiB, 10 * MiB],
    ]);
  });
});
