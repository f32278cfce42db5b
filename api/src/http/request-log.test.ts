import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { LOG_SERIALIZERS, OneLinePerRequest, redactInviteTokens, serializeError } from './request-log.ts';

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
    logger: { level, stream, serializers: LOG_SERIALIZERS },
    logController: new OneLinePerRequest(),
  });
  app.get('/invite/:segment', async () => 'page');
  // As PostgreSQL refuses a second row with the same email, alone and behind an error of the app's own.
  const refused = () =>
    Object.assign(new Error('duplicate key value violates unique constraint "people_email_key"'), {
      code: '23505',
      constraint: 'people_email_key',
      detail: 'Key (email)=(ada@mail.example) already exists.',
    });
  app.get('/duplicate', async () => {
    throw refused();
  });
  app.get('/wrapped', async () => {
    throw new Error('Adding the person failed', { cause: refused() });
  });
  return { app, lines };
}

describe('the request log', () => {
  it('never holds a personal invitation token', () => {
    const token = 'k3m9p2x7q4w8e1r5t6y0u2i3o4';
    expect(redactInviteTokens(`/invite/thd0wtfl-${token}/quiz`)).toBe('/invite/thd0wtfl-[token]/quiz');
    expect(redactInviteTokens(`/invite/thd0wtfl-${token}`)).toBe('/invite/thd0wtfl-[token]');
    expect(redactInviteTokens(`/invite/thd0wtfl-${token.toUpperCase()}?x=1`)).toBe('/invite/thd0wtfl-[token]?x=1');
  });
  it('never holds a token spelt in a way the shell still opens', () => {
    const token = 'k3m9p2x7q4w8e1r5t6y0u2i3o4';
    // The separator and a letter percent-encoded, once and (the router decodes, then the shell) twice.
    expect(redactInviteTokens(`/invite/thd0wtfl%2D${token}/quiz`)).toBe('/invite/thd0wtfl-[token]/quiz');
    expect(redactInviteTokens(`/invite/thd0wtfl-%6B${token.slice(1)}`)).toBe('/invite/thd0wtfl-[token]');
    expect(redactInviteTokens(`/invite/thd0wtfl%252D${token}`)).toBe('/invite/thd0wtfl-[token]');
    // Padded with spaces, which the shell trims; the route's own letters in capitals.
    expect(redactInviteTokens(`/invite/%20thd0wtfl-${token}%20/vintro`)).toBe('/invite/thd0wtfl-[token]/vintro');
    expect(redactInviteTokens(`/INVITE/THD0WTFL-${token.toUpperCase()}`)).toBe('/INVITE/thd0wtfl-[token]');
    // Every invitation of an address, not only the first.
    expect(redactInviteTokens(`/invite/thd0wtfl-${token}?next=/invite/fpuw23yd-${token}`)).toBe(
      '/invite/thd0wtfl-[token]?next=/invite/fpuw23yd-[token]',
    );
  });
  it('leaves every other address as it is', () => {
    expect(redactInviteTokens('/invite/thd0wtfl/quiz')).toBe('/invite/thd0wtfl/quiz');
    expect(redactInviteTokens('/api/answers')).toBe('/api/answers');
    // Not a token's shape (25 characters), and a segment that cannot be decoded.
    expect(redactInviteTokens('/invite/thd0wtfl-k3m9p2x7q4w8e1r5t6y0u2i3o')).toBe(
      '/invite/thd0wtfl-k3m9p2x7q4w8e1r5t6y0u2i3o',
    );
    expect(redactInviteTokens('/invite/%E0%A4%A/quiz')).toBe('/invite/%E0%A4%A/quiz');
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

  it('never holds what a query string carries', async () => {
    const { app, lines } = loggedServer('debug');
    await app.inject({ url: '/invite/thd0wtfl-k3m9p2x7q4w8e1r5t6y0u2i3o4?email=ada%40mail.example&name=Ada' });
    expect(lines.map((line) => line.req)).toEqual([
      expect.objectContaining({ url: '/invite/thd0wtfl-[token]?[query]' }),
      expect.objectContaining({ url: '/invite/thd0wtfl-[token]?[query]' }),
    ]);
    // An address no route answers: Fastify's own line for it writes the address as it came.
    await app.inject({ url: '/invite/thd0wtfl-k3m9p2x7q4w8e1r5t6y0u2i3o4/quiz?email=ada%40mail.example' });
    expect(lines.slice(2).map((line) => [line.msg, line.req])).toEqual([
      ['incoming request', expect.objectContaining({ url: '/invite/thd0wtfl-[token]/quiz?[query]' })],
      ['route not found', expect.objectContaining({ url: '/invite/thd0wtfl-[token]/quiz?[query]' })],
      ['request completed', expect.objectContaining({ url: '/invite/thd0wtfl-[token]/quiz?[query]' })],
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/ada|mail\.example|k3m9p2x7/i);
    await app.close();
  });

  it('writes an error without the values it quotes', async () => {
    const { app, lines } = loggedServer('info');
    expect((await app.inject({ url: '/duplicate' })).statusCode).toBe(500);
    expect((await app.inject({ url: '/wrapped' })).statusCode).toBe(500);
    expect(JSON.stringify(lines)).not.toContain('ada@mail.example');
    const refusal = { type: 'Error', code: '23505', constraint: 'people_email_key' };
    expect(lines.filter((line) => line.err).map((line) => line.err)).toEqual([
      expect.objectContaining(refusal),
      expect.objectContaining({ message: 'Adding the person failed', cause: expect.objectContaining(refusal) }),
    ]);
    await app.close();
  });

  it('writes an SMTP refusal without the fields that name its recipients', () => {
    // As nodemailer rejects a message whose every recipient the server refused (EENVELOPE).
    const response = '550 5.1.1 <ada@mail.example>: Recipient address rejected: User unknown';
    const refusal = Object.assign(new Error(`Can't send mail - all recipients were rejected: ${response}`), {
      code: 'EENVELOPE',
      response,
      responseCode: 550,
      command: 'RCPT TO',
      rejected: ['ada@mail.example'],
      rejectedErrors: [Object.assign(new Error(response), { recipient: 'ada@mail.example' })],
    });
    const logged = serializeError(refusal);
    expect(Object.keys(logged).sort()).toEqual(['code', 'message', 'stack', 'type']);
    expect(logged.code).toBe('EENVELOPE');
    // Its message quotes the address too, and the stack's first line repeats the message.
    expect(logged.message).toBe(
      "Can't send mail - all recipients were rejected: 550 5.1.1 <[address]>: Recipient address rejected: User unknown",
    );
    expect(JSON.stringify(logged)).not.toContain('ada@mail.example');
  });

  it('writes the line of a request as it arrives too, at debug level', async () => {
    const { app, lines } = loggedServer('debug');
    await app.inject({ url: '/invite/thd0wtfl' });
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    await app.close();
  });
});
