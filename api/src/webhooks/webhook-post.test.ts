import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { postWebhook, WebhookRefused } from './webhook-post.ts';

const servers: net.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

/** An endpoint on loopback that answers with `write`, byte by byte as it likes. */
async function endpoint(write: (socket: net.Socket) => void): Promise<string> {
  const server = net.createServer((socket) => {
    socket.on('error', () => {});
    socket.once('data', () => write(socket));
  });
  servers.push(server);
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/hook`;
}

const message = (url: string) => ({
  id: 'msg_1',
  url,
  secret: `whsec_${Buffer.from('a secret of thirty-two bytes ....').toString('base64')}`,
  payload: '{"type":"candidate.registered"}',
  at: new Date(),
});

describe('postWebhook', () => {
  it('gives up on an endpoint that drips its answer, though it is never idle', async () => {
    const url = await endpoint((socket) => {
      socket.write('HTTP/1.1 200 OK\r\nX-Slow: ');
      const drip = setInterval(() => socket.write('a'), 100);
      socket.on('close', () => clearInterval(drip));
    });
    const started = Date.now();
    const posted = postWebhook(message(url), { allowPrivate: true, timeoutMs: 1000 });
    await expect(posted).rejects.toThrow(new WebhookRefused('no whole answer within 1 s', null));
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('takes a prompt answer within the same deadline', async () => {
    const url = await endpoint((socket) => socket.end('HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n'));
    await expect(postWebhook(message(url), { allowPrivate: true, timeoutMs: 1000 })).resolves.toBe(204);
  });
});
