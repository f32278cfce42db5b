import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminSession,
  answers,
  type ChildServer,
  keyHeaders,
  registered,
  spawnServer,
  tempDataDir,
} from './helpers.ts';

/**
 * Answers that the editor did not write (upper-case tags, stray attributes) each go to the
 * sanitizing pool; sent all at once, they fill its queue.
 */
const UNCANONICAL = `<P CLASS="x">${'<B>not the editor</B> <I>its markup</I> '.repeat(400)}</P>`;
const FLOOD = 800;

let server: ChildServer;
const logged: string[] = [];
beforeAll(async () => {
  server = await spawnServer(tempDataDir(), { RATE_LIMIT_PER_MINUTE: '1000000' }, undefined, (line) =>
    logged.push(line),
  );
});
afterAll(() => server.stop());

describe('a server shedding load', () => {
  it('answers 503 with Retry-After, logs it as a warning without a stack, and keeps what it accepted', async () => {
    const unique = await registered(server.url);
    const body = JSON.stringify(answers(unique, { answers: [UNCANONICAL, UNCANONICAL, UNCANONICAL] }));
    const responses = await Promise.all(
      Array.from({ length: FLOOD }, () =>
        fetch(`${server.url}/api/answers`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...keyHeaders(unique) },
          body,
        }).then(async (response) => ({
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          body: (await response.json()) as { error?: string },
        })),
      ),
    );
    const busy = responses.filter((response) => response.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(responses.filter((response) => response.status !== 503).every((r) => r.status === 200)).toBe(true);
    for (const response of busy) {
      expect(response.retryAfter).toBe('2');
      expect(response.body.error).toBe('The server is busy checking answers; try again shortly');
    }
    // The log's JSON lines; the server also prints a plain line when it starts.
    const entries = () =>
      logged
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { level: number; msg: string; err?: unknown });
    const busyLinesOf = () =>
      entries().filter((entry) => entry.msg === 'The server is busy checking answers; try again shortly');
    // The log reaches this process through a pipe, a moment after the answers.
    await expect.poll(() => busyLinesOf().length).toBe(busy.length);
    const busyLines = busyLinesOf();
    expect(busyLines.every((entry) => entry.level === 40 && entry.err === undefined)).toBe(true);
    expect(entries().filter((entry) => entry.level >= 50)).toEqual([]);
    // What was accepted is stored, sanitized.
    expect((await adminSession(server.url, unique)).answers?.html[0]).toMatch(/^<p>not the editor its markup/);
  });
});
