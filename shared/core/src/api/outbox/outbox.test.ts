import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryStorage } from '../../store/safe-storage.ts';
import { createOutbox, OUTBOX_STORAGE_KEY, type Outbox } from './outbox.ts';

/**
 * The outbox's own rules, where no server answers: a closed port on this machine refuses every
 * connection, as a server that is down does. Delivery to the real API is tested in api/test.
 */

const outboxes: Outbox[] = [];
afterEach(() => {
  for (const outbox of outboxes.splice(0)) outbox.stop();
});

async function closedPortUrl(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/api`;
}

describe('outbox, server down', () => {
  it('keeps only the newest waiting autosave of a session, and a submit stays a submit', async () => {
    const storage = memoryStorage();
    const baseUrl = await closedPortUrl();
    const outbox = createOutbox({ storage, fetch, baseUrl: () => baseUrl, log: { error() {}, warn() {} } });
    outboxes.push(outbox);
    const unique = 'session-1';
    const keepFinal = (older: unknown, newer: unknown) =>
      (older as { final: boolean }).final ? { ...(newer as object), final: true } : newer;
    for (const [revision, final] of [
      [1, false],
      [2, true],
      [3, false],
    ] as const) {
      outbox.enqueue({
        path: '/answers',
        body: { unique, revision, final },
        coalesceKey: `answers:${unique}`,
        merge: keepFinal,
      });
    }
    outbox.enqueue({
      path: '/answers',
      body: { unique: 'session-2', revision: 1, final: false },
      coalesceKey: 'answers:other',
    });
    await outbox.flush();

    const stored = JSON.parse(storage.getItem(OUTBOX_STORAGE_KEY) ?? '[]');
    expect(stored.map((item: { body: { revision: number; final: boolean } }) => item.body)).toEqual([
      expect.objectContaining({ unique, revision: 3, final: true }),
      expect.objectContaining({ revision: 1, final: false }),
    ]);
  });
});
