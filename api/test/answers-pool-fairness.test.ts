import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from './databases.ts';
import {
  adminSession,
  answers,
  type ChildServer,
  newSessionId,
  postJsonFrom,
  registration,
  spawnServer,
  tempDataDir,
} from './helpers.ts';

/** Answers the editor did not write, so each save goes to the sanitizing pool (`busy.test.ts`). */
const UNCANONICAL = `<P CLASS="x">${'<B>not the editor</B> <I>its markup</I> '.repeat(400)}</P>`;
/** A pasted picture makes a save too large for the server's own thread: it goes to the pool too. */
const PICTURE = `<p><img src="data:image/png;base64,${'A'.repeat(80_000)}"></p>`;
/** Sessions the stranger opens through the open link, and saves each keeps waiting at once. */
const STRANGER_SESSIONS = 8;
const SAVES_AT_ONCE = 60;
const BUSY = 'The server is busy checking answers; try again shortly';

/** A POST from `address` (`postJsonFrom`), as its status and error. */
async function postFrom(url: string, address: string, route: string, unique: string, payload: unknown) {
  const { status, body } = await postJsonFrom(url, address, route, unique, payload);
  return { status, error: body.error };
}

describe.each(TEST_DATABASES)('the answers pool, kept full by a stranger ($name)', (database) => {
  let server: ChildServer;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const opened = await database.open();
    drop = opened.drop;
    // The default limits: nothing here is more than one address may send.
    server = await spawnServer(tempDataDir(), opened.env);
  });
  afterAll(async () => {
    await server.stop();
    await drop();
  });

  it('still takes a candidate’s save with a picture, from another network, while the stranger is refused', async () => {
    const candidate = newSessionId();
    expect(
      (await postFrom(server.url, '127.0.1.5', '/api/now-assessment', candidate, registration(candidate))).status,
    ).toBe(200);
    // The stranger knows the test's open link, which is public, and opens sessions with it.
    const strangers = Array.from({ length: STRANGER_SESSIONS }, () => newSessionId());
    for (const unique of strangers) {
      expect(
        (await postFrom(server.url, '127.0.0.2', '/api/now-assessment', unique, registration(unique))).status,
      ).toBe(200);
    }
    let flooding = true;
    const strangerAnswers: { status: number; error?: string }[] = [];
    let queueFull: () => void = () => {};
    const full = new Promise<void>((resolve) => {
      queueFull = resolve;
    });
    // Each of the stranger's saves is sent again as soon as it is answered, until the candidate is
    // done or the session's requests for the minute are spent.
    const flood = strangers.flatMap((unique) =>
      Array.from({ length: SAVES_AT_ONCE }, async () => {
        const save = answers(unique, { answers: [UNCANONICAL, UNCANONICAL, UNCANONICAL] });
        while (flooding) {
          const answer = await postFrom(server.url, '127.0.0.2', '/api/answers', unique, save);
          strangerAnswers.push(answer);
          if (answer.status === 503) queueFull();
          if (answer.status === 429) return;
        }
      }),
    );
    const filled = await Promise.race([full.then(() => true), Promise.all(flood).then(() => false)]);
    expect(filled, 'the stranger kept the pool’s waiting line full').toBe(true);
    const saved = await postFrom(
      server.url,
      '127.0.1.5',
      '/api/answers',
      candidate,
      answers(candidate, { answers: [PICTURE, '<p>Two</p>', '<p>Three</p>'] }),
    );
    flooding = false;
    await Promise.all(flood);

    expect(saved).toEqual({ status: 200, error: undefined });
    expect((await adminSession(server.url, candidate)).answers?.html[0]).toContain('data:image/png;base64,');
    // The stranger's own saves are the ones refused.
    const refused = strangerAnswers.filter(({ status }) => status === 503);
    expect(refused.length).toBeGreaterThan(0);
    expect(new Set(refused.map(({ error }) => error))).toEqual(new Set([BUSY]));
  });
});
