import fs from 'node:fs';
import {
  companyIdOf,
  getTest,
  NOTE_MAX_LENGTH,
  SESSION_ID_HEADER,
  STAGE_CHANGED_MEANWHILE,
  STAGE_REASONS_CHANGED_MEANWHILE,
  type TestDefinition,
} from '@assessment/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addReviewer } from '../src/review/reviewer-accounts.ts';
import type { Stores } from '../src/storage/stores.ts';
import { storesBeside, TEST_DATABASES } from './databases.ts';
import {
  answers,
  type InProcessServer,
  keyOf,
  newSessionId,
  postJson,
  registration,
  startServer,
  tempDataDir,
  testId,
} from './helpers.ts';
import { REVIEWER_PASSWORD, ReviewerBrowser } from './reviewer-helpers.ts';

const companyId = companyIdOf(getTest(testId) as TestDefinition);
const ADMIN = 'decide-admin@lumenvault.example';
const SECOND_ADMIN = 'decide-ada@lumenvault.example';
const REVIEWER = 'decide-reviewer@lumenvault.example';
const OUTSIDER = 'decide-admin@orbitra.example';

describe.each(TEST_DATABASES)('the team’s stages and notes ($name)', (database) => {
  let server: InProcessServer;
  let drop: () => Promise<void>;
  let stores: Stores;
  let closeStores: () => Promise<void>;
  const dataDir = tempDataDir();
  const first = newSessionId();
  const second = newSessionId();
  const third = newSessionId();
  const reviewer = () => new ReviewerBrowser(server.url);

  beforeAll(async () => {
    const opened = await database.open();
    drop = opened.drop;
    const env = { ...opened.env, DATA_DIR: dataDir };
    server = await startServer(env);
    const beside = await storesBeside(env);
    stores = beside.stores;
    closeStores = beside.close;
    for (const person of [
      { companyId, email: ADMIN, name: 'Ann Admin', role: 'admin' as const },
      { companyId, email: SECOND_ADMIN, name: 'Ada Admin', role: 'admin' as const },
      { companyId, email: REVIEWER, name: 'Rob Reviewer', role: 'reviewer' as const },
      { companyId: 'orbitra-labs', email: OUTSIDER, name: 'Olga Outsider', role: 'admin' as const },
    ]) {
      await addReviewer(stores.reviewers, { ...person, password: REVIEWER_PASSWORD }, Date.now());
    }
    for (const unique of [first, second, third]) {
      expect((await postJson(server.url, '/api/now-assessment', registration(unique))).status).toBe(200);
      expect((await postJson(server.url, '/api/answers', answers(unique, { final: true }))).status).toBe(200);
    }
  });

  afterAll(async () => {
    await closeStores();
    await server.stop();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('takes a stage reason only from the list the company’s admin wrote', async () => {
    const rob = reviewer();
    await rob.signIn(REVIEWER);
    const unlisted = await rob.send('PUT', `/api/review/candidates/${first}/stage`, {
      from: 'new',
      stage: 'decline',
      reason: 'Too quiet',
    });
    expect(unlisted.status).toBe(400);
    expect(unlisted.text).toMatch(/no stage reasons yet: an admin lists them/);
    const reasons = ['Strong written answers', 'Role filled'];
    expect(
      (await rob.send('PATCH', '/api/review/company', { stageReasons: reasons, stageReasonsVersion: 0 })).status,
    ).toBe(403);

    const ann = reviewer();
    await ann.signIn(ADMIN);
    const twice = await ann.send('PATCH', '/api/review/company', {
      stageReasons: ['Role filled', 'role filled '],
      stageReasonsVersion: 0,
    });
    expect(twice.status).toBe(400);
    expect(twice.text).toMatch(/each reason once/);
    const saved = await ann.send('PATCH', '/api/review/company', {
      stageReasons: [' Strong written answers', ...reasons.slice(1)],
      stageReasonsVersion: 0,
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ stageReasons: reasons });
    expect((await rob.send('GET', '/api/review/company')).body).toMatchObject({ stageReasons: reasons });

    const stillUnlisted = await rob.send('PUT', `/api/review/candidates/${first}/stage`, {
      from: 'new',
      stage: 'decline',
      reason: 'Too quiet',
    });
    expect(stillUnlisted.status).toBe(400);
    expect(stillUnlisted.text).toMatch(
      /Choose the reason from your company's list: Strong written answers; Role filled/,
    );
    // Refused whole: the stage stayed where it was.
    expect((await rob.send('GET', `/api/review/candidates/${first}/decisions`)).body).toEqual({
      stage: 'new',
      history: [],
      notes: [],
      withheld: false,
    });
  });

  it('moves a candidate through the stages on record, and the list filters by stage', async () => {
    const rob = reviewer();
    expect((await rob.signIn(REVIEWER)).status).toBe(204);
    const before = await rob.send('GET', `/api/review/candidates/${first}/decisions`);
    expect(before.body).toEqual({ stage: 'new', history: [], notes: [], withheld: false });

    expect(
      (await rob.send('PUT', `/api/review/candidates/${first}/stage`, { from: 'new', stage: 'reviewing' })).status,
    ).toBe(200);
    // As the list writes it, whatever the case and spaces it was given in.
    const moved = await rob.send('PUT', `/api/review/candidates/${first}/stage`, {
      from: 'reviewing',
      stage: 'advance',
      reason: '  strong written ANSWERS  ',
    });
    expect(moved.status, moved.text).toBe(200);
    // The same stage again changes nothing and adds nothing to the record.
    expect(
      (await rob.send('PUT', `/api/review/candidates/${first}/stage`, { from: 'advance', stage: 'advance' })).status,
    ).toBe(200);
    const after = await rob.send('GET', `/api/review/candidates/${first}/decisions`);
    expect(after.body).toMatchObject({
      stage: 'advance',
      history: [
        { from: 'new', to: 'reviewing', reason: null, by: `Rob Reviewer (${REVIEWER})` },
        { from: 'reviewing', to: 'advance', reason: 'Strong written answers', by: `Rob Reviewer (${REVIEWER})` },
      ],
    });

    const list = async (stage?: string) => {
      const query = stage ? `?stage=${stage}` : '';
      const page = await rob.send('GET', `/api/review/tests/${testId}/candidates${query}`);
      expect(page.status, page.text).toBe(200);
      return (page.body.candidates as { sessionId: string; stage: string }[])
        .filter((row) => row.sessionId === first || row.sessionId === second)
        .map((row) => `${row.sessionId === first ? 'first' : 'second'} ${row.stage}`);
    };
    expect((await list()).sort()).toEqual(['first advance', 'second new']);
    expect(await list('advance')).toEqual(['first advance']);
    expect(await list('new')).toEqual(['second new']);
    expect(await list('decline')).toEqual([]);

    const admin = reviewer();
    await admin.signIn(ADMIN);
    const log = await admin.send('GET', '/api/review/access-log');
    const changes = (log.body.entries as { sessionId: string; action: string; detail: string }[])
      .filter((entry) => entry.sessionId === first && entry.action === 'changed')
      .map((entry) => entry.detail)
      .sort();
    expect(changes).toEqual(['stage new to reviewing', 'stage reviewing to advance']);
  });

  it('refuses a change from a stage the candidate has left, and keeps the teammate’s decision', async () => {
    const ann = reviewer();
    await ann.signIn(ADMIN);
    const rob = reviewer();
    await rob.signIn(REVIEWER);
    const stagePath = `/api/review/candidates/${third}/stage`;
    // Both open the candidate at New; Ann declines first.
    for (const browser of [ann, rob]) {
      expect((await browser.send('GET', `/api/review/candidates/${third}/decisions`)).body).toMatchObject({
        stage: 'new',
      });
    }
    const declined = await ann.send('PUT', stagePath, { from: 'new', stage: 'decline', reason: 'Role filled' });
    expect(declined.status, declined.text).toBe(200);
    const annsChange = { from: 'new', to: 'decline', reason: 'Role filled', by: `Ann Admin (${ADMIN})` };

    // Rob's page still says New: his change is refused, with the candidate as they stand now.
    const stale = await rob.send('PUT', stagePath, { from: 'new', stage: 'reviewing' });
    expect(stale.status, stale.text).toBe(409);
    expect(stale.body).toMatchObject({
      code: STAGE_CHANGED_MEANWHILE,
      error: expect.stringMatching(
        new RegExp(`^The stage changed meanwhile: the candidate is at Decline now, by Ann Admin \\(${ADMIN}\\) at `),
      ),
      stage: 'decline',
      history: [annsChange],
    });
    // Choosing the stage he saw is refused too: he believes nothing has changed.
    expect((await rob.send('PUT', stagePath, { from: 'new', stage: 'new' })).status).toBe(409);
    const kept = await rob.send('GET', `/api/review/candidates/${third}/decisions`);
    expect(kept.body).toMatchObject({ stage: 'decline', history: [annsChange] });

    // A request that does not say what it saw could overwrite unseen, so it is refused.
    const blind = await rob.send('PUT', stagePath, { stage: 'reviewing' });
    expect(blind.status).toBe(400);
    expect(blind.text).toMatch(/from: name the stage you saw the candidate at/);

    // Having seen Ann's decision, Rob moves the candidate on purpose.
    const deliberate = await rob.send('PUT', stagePath, { from: 'decline', stage: 'reviewing' });
    expect(deliberate.status, deliberate.text).toBe(200);
    expect(deliberate.body).toMatchObject({
      stage: 'reviewing',
      history: [annsChange, { from: 'decline', to: 'reviewing', reason: null, by: `Rob Reviewer (${REVIEWER})` }],
    });
  });

  it('keeps the team’s notes with author and time, for the company only, never for the candidate', async () => {
    const ann = reviewer();
    await ann.signIn(ADMIN);
    const added = await ann.send('POST', `/api/review/candidates/${second}/notes`, {
      body: 'Ask about the second answer.',
    });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({
      notes: [{ body: 'Ask about the second answer.', by: `Ann Admin (${ADMIN})`, at: expect.any(String) }],
    });
    const rob = reviewer();
    await rob.signIn(REVIEWER);
    expect((await rob.send('GET', `/api/review/candidates/${second}/decisions`)).body).toMatchObject({
      notes: [{ body: 'Ask about the second answer.' }],
    });

    const outsider = reviewer();
    await outsider.signIn(OUTSIDER);
    expect((await outsider.send('GET', `/api/review/candidates/${second}/decisions`)).status).toBe(404);
    expect((await outsider.send('POST', `/api/review/candidates/${second}/notes`, { body: 'x' })).status).toBe(404);
    expect(
      (await outsider.send('PUT', `/api/review/candidates/${second}/stage`, { from: 'new', stage: 'decline' })).status,
    ).toBe(404);

    for (const path of ['/api/my-record', '/api/my-data']) {
      const response = await fetch(`${server.url}${path}`, {
        headers: { 'Session-Key': keyOf(second), [SESSION_ID_HEADER]: second },
      });
      expect(response.status).toBe(200);
      expect(await response.text()).not.toContain('Ask about the second answer');
    }
  });

  it('refuses a stage or a note it cannot keep, with a clear message, and keeps what it had', async () => {
    const rob = reviewer();
    await rob.signIn(REVIEWER);
    const unknown = await rob.send('PUT', `/api/review/candidates/${second}/stage`, { from: 'new', stage: 'hired' });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toMatch(/stage/);
    const empty = await rob.send('POST', `/api/review/candidates/${second}/notes`, { body: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.text).toMatch(/must not be empty/);
    const long = await rob.send('POST', `/api/review/candidates/${second}/notes`, {
      body: 'x'.repeat(NOTE_MAX_LENGTH + 1),
    });
    expect(long.status).toBe(400);
    expect((await rob.send('GET', `/api/review/candidates/${second}/decisions`)).body).toMatchObject({
      stage: 'new',
      notes: [{ body: 'Ask about the second answer.' }],
    });
  });

  it('are erased with the candidate', async () => {
    const ann = reviewer();
    await ann.signIn(ADMIN);
    expect((await ann.send('DELETE', `/api/review/candidates/${first}`)).status).toBe(204);
    expect((await ann.send('GET', `/api/review/candidates/${first}/decisions`)).status).toBe(404);
    expect(await stores.decisions.decisions(first)).toEqual({ stage: 'new', history: [], notes: [] });
  });

  it('refuses a stage reasons list saved over one another admin saved meanwhile, says who and when, and keeps theirs', async () => {
    const ann = reviewer();
    await ann.signIn(ADMIN);
    const ada = reviewer();
    await ada.signIn(SECOND_ADMIN);
    const read = await ann.send('GET', '/api/review/company');
    expect(read.body).toMatchObject({
      stageReasons: ['Strong written answers', 'Role filled'],
      stageReasonsVersion: 1,
      stageReasonsSaved: { by: `Ann Admin (${ADMIN})` },
    });
    const { retentionDays, reminderHours } = read.body as { retentionDays: number; reminderHours: number };

    // Both admins read version 1; Ada saves first.
    const adas = ['Role filled', 'Clear, careful answers'];
    const adasSave = await ada.send('PATCH', '/api/review/company', { stageReasons: adas, stageReasonsVersion: 1 });
    expect(adasSave.status, adasSave.text).toBe(200);
    expect(adasSave.body).toMatchObject({
      stageReasons: adas,
      stageReasonsVersion: 2,
      stageReasonsSaved: { by: `Ada Admin (${SECOND_ADMIN})`, at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
    });
    const adasList = (adasSave.body as { stageReasonsSaved: { at: string } }).stageReasonsSaved;

    // Ann's page still shows version 1: her save, and the other setting sent with it, are refused.
    const annsSave = await ann.send('PATCH', '/api/review/company', {
      stageReasons: ['Strong written answers'],
      stageReasonsVersion: 1,
      retentionDays: retentionDays + 1,
    });
    expect(annsSave.status).toBe(409);
    expect(annsSave.body).toEqual({
      error:
        `The stage reasons changed meanwhile: Ada Admin (${SECOND_ADMIN}) saved version 2 at ${adasList.at}, and you ` +
        'edited version 1. Nothing was saved; read the list, then send your changes again with stageReasonsVersion 2.',
      code: STAGE_REASONS_CHANGED_MEANWHILE,
      companyId,
      companyName: expect.any(String),
      retentionDays,
      reminderHours,
      stageReasons: adas,
      stageReasonsVersion: 2,
      stageReasonsSaved: adasList,
    });
    const rob = reviewer();
    await rob.signIn(REVIEWER);
    expect((await rob.send('GET', '/api/review/company')).body).toMatchObject({
      retentionDays,
      stageReasons: adas,
      stageReasonsVersion: 2,
    });

    // A client that names no version (one from before versions) is refused: it would overwrite unseen.
    const unversioned = await ann.send('PATCH', '/api/review/company', { stageReasons: ['Strong written answers'] });
    expect(unversioned.status).toBe(400);
    expect(unversioned.text).toMatch(/stageReasonsVersion: name the version of the stage reasons you edited/);
    const versionAlone = await ann.send('PATCH', '/api/review/company', { stageReasonsVersion: 2 });
    expect(versionAlone.status).toBe(400);
    expect(versionAlone.text).toMatch(/stageReasons: send the list/);
    // The other settings need no version, as before.
    const reminders = await ann.send('PATCH', '/api/review/company', { reminderHours: 24 });
    expect(reminders.status, reminders.text).toBe(200);
    expect(reminders.body).toMatchObject({ reminderHours: 24, stageReasons: adas, stageReasonsVersion: 2 });

    // Having read version 2, Ann replaces it knowingly.
    const again = await ann.send('PATCH', '/api/review/company', {
      stageReasons: ['Strong written answers'],
      stageReasonsVersion: 2,
    });
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({
      stageReasons: ['Strong written answers'],
      stageReasonsVersion: 3,
      stageReasonsSaved: { by: `Ann Admin (${ADMIN})` },
    });

    // Two saves of version 3 sent at once: one is made, the other refused.
    const both = await Promise.all(
      [ann, ada].map((admin, index) =>
        admin.send('PATCH', '/api/review/company', { stageReasons: [`Reason ${index}`], stageReasonsVersion: 3 }),
      ),
    );
    expect(both.map((response) => response.status).sort()).toEqual([200, 409]);
    const made = both.find((response) => response.status === 200)?.body;
    expect((await rob.send('GET', '/api/review/company')).body).toMatchObject({
      stageReasons: (made as { stageReasons: string[] }).stageReasons,
      stageReasonsVersion: 4,
    });
  });
});
