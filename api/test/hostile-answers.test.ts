import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_PAUSE_MS } from '../src/http/hostile-pause.ts';
import {
  adminSession,
  answers,
  type InProcessServer,
  keyHeaders,
  postJson,
  registered,
  startServer,
} from './helpers.ts';

let server: InProcessServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

const NESTED = '<span>'.repeat(49_000);
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('hostile answers', () => {
  it('refuses three answers of 49,000 nested spans (882 KB, inside every size limit) with 400 naming the limit, after a pause', async () => {
    const unique = await registered(server.url);
    const body = answers(unique, { answers: [NESTED, NESTED, NESTED] });
    expect(JSON.stringify(body).length).toBeGreaterThan(880_000);
    const sentAt = performance.now();
    expect(await postJson(server.url, '/api/answers', body)).toEqual({
      status: 400,
      body: { error: 'answers.0: nests HTML elements more than 16 deep, deeper than the answer editor writes' },
    });
    // No editor nests this deep: only a hostile client waits for this answer.
    expect(performance.now() - sentAt).toBeGreaterThanOrEqual(HOSTILE_PAUSE_MS);
    expect((await adminSession(server.url, unique)).answers).toBeNull();
  });

  it('refuses a body of half a million nested arrays as it arrives, closing the connection, and the session’s saves go on', async () => {
    const unique = await registered(server.url);
    const hostile = `${'['.repeat(500_000)}${']'.repeat(500_000)}`;
    const refused = await fetch(`${server.url}/api/answers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...keyHeaders(unique) },
      body: hostile,
    });
    expect(refused.status).toBe(400);
    // The rest of the megabyte is not read: the connection ends with the refusal.
    expect(refused.headers.get('connection')).toBe('close');
    expect(await refused.json()).toEqual({ error: 'body: nests arrays or objects deeper than 16 levels' });
    expect((await postJson(server.url, '/api/answers', answers(unique))).status).toBe(200);
  });

  it('answers such a body only after a pause, and another candidate saves meanwhile', async () => {
    const hostileSession = await registered(server.url);
    const other = await registered(server.url);
    const sentAt = performance.now();
    const refused = fetch(`${server.url}/api/answers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...keyHeaders(hostileSession) },
      body: `${'['.repeat(500_000)}${']'.repeat(500_000)}`,
    }).then((response) => ({ response, answeredAfter: performance.now() - sentAt }));
    expect((await postJson(server.url, '/api/answers', answers(other))).status).toBe(200);
    const { response, answeredAfter } = await refused;
    expect(response.status).toBe(400);
    expect(answeredAfter).toBeGreaterThanOrEqual(HOSTILE_PAUSE_MS);
  });

  it('keeps answering everyone while several such bodies are being checked', async () => {
    const unique = await registered(server.url);
    const hostile = Array.from({ length: 3 }, () =>
      fetch(`${server.url}/api/answers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...keyHeaders(unique) },
        body: JSON.stringify(answers(unique, { answers: [NESTED, NESTED, NESTED] })),
      }),
    );
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect((await Promise.all(hostile)).map((response) => response.status)).toEqual([400, 400, 400]);
  });

  it('sanitizes what the editor did not write, small or large, in the worker pool', async () => {
    const unique = await registered(server.url);
    const large = `<P>big</P>${`<p><img src="${PNG}"></p>`.repeat(800)}`;
    expect(large.length).toBeGreaterThan(64 * 1024);
    const saved = await postJson(
      server.url,
      '/api/answers',
      answers(unique, { answers: ['<P>Hi<SCRIPT>steal()</SCRIPT></P>', large, '<p>plain</p>'] }),
    );
    expect(saved.status).toBe(200);
    const stored = (await adminSession(server.url, unique)).answers?.html;
    expect(stored?.[0]).toBe('<p>Hi</p>');
    expect(stored?.[1]).toBe(`<p>big</p>${`<p><img src="${PNG}" /></p>`.repeat(800)}`);
    expect(stored?.[2]).toBe('<p>plain</p>');
  });

  it("drops every picture that would make a reader's browser fetch an address", async () => {
    const unique = await registered(server.url);
    const pictures = [
      '<p><img src="https://tracker.example/pixel.png?who=ada">seen</p>',
      '<p><img src="http://192.168.0.1/router">x</p>',
      `<p><img src="${PNG}"></p>`,
    ] as [string, string, string];
    expect((await postJson(server.url, '/api/answers', answers(unique, { answers: pictures }))).status).toBe(200);
    expect((await adminSession(server.url, unique)).answers?.html).toEqual([
      '<p>seen</p>',
      '<p>x</p>',
      `<p><img src="${PNG}" /></p>`,
    ]);
  });
});
