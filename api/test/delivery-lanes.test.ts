import net from 'node:net';
import { allTests, companyIdOf, getTest, type TestDefinition } from '@assessment/core';
import { describe, expect, it } from 'vitest';
import { PER_COMPANY } from '../src/mail/lanes.ts';
import { storesBeside, TEST_DATABASES } from './databases.ts';
import { newSessionId, postJson, registration, startServer, tempDataDir, testId } from './helpers.ts';
import { invite } from './invitation-helpers.ts';
import { startMailSink } from './mail-sink.ts';

const X = companyIdOf(getTest(testId) as TestDefinition);
const otherTest = allTests().find((test) => companyIdOf(test) !== X) as TestDefinition;
/** More of X's events than the sender takes at a time (`BATCH` in `delivery-sender.ts`). */
const EVENTS = 30;

/** An endpoint that takes every connection and never answers: each webhook to it waits out its timeout. */
async function startSilentEndpoint() {
  const sockets = new Set<net.Socket>();
  let most = 0;
  const server = net.createServer((socket) => {
    sockets.add(socket);
    most = Math.max(most, sockets.size);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/hooks`,
    /** The most connections it has held open at once. */
    most: () => most,
    stop() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.each(TEST_DATABASES)('one company’s endpoint that never answers ($name)', (database) => {
  it('holds its own lane only: another company’s invitation goes out at once', { timeout: 60_000 }, async () => {
    const dataDir = tempDataDir();
    const sink = await startMailSink();
    const endpoint = await startSilentEndpoint();
    const opened = await database.open();
    try {
      const beside = await storesBeside({ ...opened.env, DATA_DIR: dataDir });
      await beside.stores.deliveries.setWebhookEndpoint(X, endpoint.url, 'whsec_c2lsZW50c2lsZW50c2lsZW50', Date.now());
      await beside.close();
      const server = await startServer({
        ...opened.env,
        DATA_DIR: dataDir,
        SMTP_URL: sink.url,
        PUBLIC_URL: 'https://assess.example.com',
        WEBHOOK_ALLOW_PRIVATE: 'true',
      });
      try {
        // Strangers on X's open link: each registration queues an event to X's endpoint.
        for (let i = 0; i < EVENTS; i += 1) {
          expect((await postJson(server.url, '/api/now-assessment', registration(newSessionId()))).status).toBe(200);
        }
        await expect.poll(endpoint.most, { timeout: 5000 }).toBeGreaterThan(0);

        const started = Date.now();
        await invite(server.url, Date.now(), { email: 'y@mail.example' }, otherTest.uuid);
        // The sender looks every 2 s; one of X's events alone waits 10 s for its answer.
        await expect.poll(() => sink.to('y@mail.example').length, { timeout: 6000, interval: 100 }).toBe(1);
        expect(Date.now() - started).toBeLessThan(6000);
        expect(endpoint.most()).toBe(PER_COMPANY);
      } finally {
        await endpoint.stop();
        await server.stop();
      }
    } finally {
      await sink.stop();
      await opened.drop();
    }
  });
});
