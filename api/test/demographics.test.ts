import fs from 'node:fs';
import path from 'node:path';
import { companyIdOf, getTest, SECTIONS } from '@assessment/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVideoStore } from '../src/backends.ts';
import { configFromEnv } from '../src/config.ts';
import { exportSessions } from '../src/export/export-sessions.ts';
import { addReviewer } from '../src/review/reviewer-accounts.ts';
import type { Stores } from '../src/storage/stores.ts';
import { storesBeside, TEST_DATABASES } from './databases.ts';
import { registrationWithGender } from './demographic-helpers.ts';
import {
  ADMIN_TOKEN,
  adminGet,
  answers,
  feedback,
  type InProcessServer,
  newSessionId,
  postJson,
  startServer,
  tempDataDir,
  testId,
} from './helpers.ts';
import { REVIEWER_PASSWORD, ReviewerBrowser } from './reviewer-helpers.ts';

const REVIEWER = 'gender-check@reviewer.example';
/** Not a word any response has otherwise: if it shows up, the answer leaked. */
const ANSWER = 'Female';

function expectNoGender(what: string, text: string): void {
  expect(text, what).not.toMatch(/gender/i);
  expect(text, what).not.toContain(ANSWER);
}

describe.each(TEST_DATABASES)('the demographic answer on $name', (database) => {
  let server: InProcessServer;
  let drop: () => Promise<void>;
  let stores: Stores;
  let closeStore: () => Promise<void>;
  const unique = newSessionId();
  const dataDir = tempDataDir();

  beforeAll(async () => {
    const { env, drop: dropDatabase } = await database.open();
    drop = dropDatabase;
    server = await startServer({ ...env, DATA_DIR: dataDir });
    const beside = await storesBeside({ ...env, DATA_DIR: dataDir });
    stores = beside.stores;
    closeStore = beside.close;
    const test = getTest(testId);
    if (!test) throw new Error('The sample test is missing');
    await addReviewer(
      stores.reviewers,
      { companyId: companyIdOf(test), email: REVIEWER, name: 'Checker', password: REVIEWER_PASSWORD },
      Date.now(),
    );
    expect((await postJson(server.url, '/api/now-assessment', registrationWithGender(unique, ANSWER))).status).toBe(
      200,
    );
    expect((await postJson(server.url, '/api/answers', answers(unique, { final: true }))).status).toBe(200);
    expect((await postJson(server.url, '/api/feedback', feedback(unique))).status).toBe(200);
  });

  afterAll(async () => {
    await closeStore();
    await server.stop();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('reaches no reviewer response and no reviewer CSV', async () => {
    const reviewer = new ReviewerBrowser(server.url);
    expect((await reviewer.signIn(REVIEWER)).status).toBe(204);
    for (const route of [
      `/api/review/tests/${testId}/candidates`,
      `/api/review/candidates/${unique}`,
      `/api/review/tests/${testId}/export.csv`,
      '/api/review/tests',
    ]) {
      const response = await reviewer.send('GET', route);
      expect(response.status, route).toBe(200);
      expectNoGender(route, response.text);
    }
    const detail = await reviewer.send('GET', `/api/review/candidates/${unique}`);
    expect(detail.body).toMatchObject({ registration: { fullName: 'Ada Lovelace' } });
    // One rating scale wherever a person reads it: the wire's currentScore 4 is five stars.
    const csv = await reviewer.send('GET', `/api/review/tests/${testId}/export.csv`);
    expect(csv.text).toContain(',5 of 5,');
    expect(detail.body).toMatchObject({ feedback: { stars: 5 } });
  });

  it('reaches no admin read-out and no per-candidate export', async () => {
    for (const route of ['/api/admin/sessions', `/api/admin/sessions/${unique}`]) {
      const response = await adminGet(server.url, route);
      expect(response.status, route).toBe(200);
      expectNoGender(route, await response.text());
    }
    const outDir = path.join(dataDir, 'export');
    const config = configFromEnv({ ADMIN_TOKEN, DATA_DIR: dataDir });
    await exportSessions(stores.sessions, await createVideoStore(config), outDir, async () => {}, SECTIONS);
    expectNoGender('sessions.json', fs.readFileSync(path.join(outDir, 'sessions.json'), 'utf8'));
    expectNoGender('sessions.csv', fs.readFileSync(path.join(outDir, 'sessions.csv'), 'utf8'));
  });
});
