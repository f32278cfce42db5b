import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { OneLinePerRequest, redactInviteTokens, serializeRequest } from './request-log.ts';

/** A server logging as the API does, and the lines it wrote. */
function loggedServer(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify({
    logger: { level, stream, serializers: { req: serializeRequest } },
    logController: new OneLinePerRequest(),
  });
  app.get('/invite/:segment', async () => 'page');
  return { app, lines };
}

describe('the request log', () => {
  it('never holds a personal invitation token', () => {
    const token = 'k3m9p2x7q4w8e1r5t6y0u2i3o4';
    expect(redactInviteTokens(`/invite/thd0wtfl-${token}/quiz`)).toBe('/invite/thd0wtfl-[token]/quiz');
    expect(redactInviteTokens(`/invite/thd0wtfl-${token}`)).toBe('/invite/thd0wtfl-[token]');
    expect(redactInviteTokens(`/invite/thd0wtfl-${token.toUpperCase()}?x=1`)).toBe('/invite/thd0wtfl-[token]?x=1');
  });
  it('leaves every other address as it is', () => {
    expect(redactInviteTokens('/invite/thd0wtfl/quiz')).toBe('/invite/thd0wtfl/quiz');
    expect(redactInviteTokens('/api/answers')).toBe('/api/answers');
  });

  it('writes one line a request, once it is answered, with its redacted address and its outcome', async () => {
    const { app, lines } = loggedServer('info');
    const answer = await app.inject({ url: '/invite/thd0wtfl-k3m9p2x7q4w8e1r5t6y0u2i3o4' });
    expect(answer.statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/invite/thd0wtfl-[token]' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    await app.close();
  });

  it('writes the line of a request as it arrives too, at debug level', async () => {
    const { app, lines } = loggedServer('debug');
    await app.inject({ url: '/invite/thd0wtfl' });
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    await app.close();
  });
});
