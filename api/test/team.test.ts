import { ACCESS_LINK_HOURS, companyIdOf, getTest, type TestDefinition } from '@assessment/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stores } from '../src/storage/stores.ts';
import { TEST_DATABASES } from './databases.ts';
import { type InProcessServer, testId } from './helpers.ts';
import { REVIEWER_PASSWORD, ReviewerBrowser, reviewServer } from './reviewer-helpers.ts';

const companyId = companyIdOf(getTest(testId) as TestDefinition);
const ADMIN = 'team-admin@lumenvault.example';
const OUTSIDER = 'team-admin@orbitra.example';
const NEW_PASSWORD = 'copper kettle under maple rain';

describe.each(TEST_DATABASES)('a company’s team, managed on the review page ($name)', (database) => {
  let server: InProcessServer;
  let stores: Stores;
  let close: () => Promise<void>;
  let clock = Date.now();
  const browser = () => new ReviewerBrowser(server.url);
  const signedIn = async (email: string, password = REVIEWER_PASSWORD) => {
    const reviewer = browser();
    expect((await reviewer.signIn(email, password)).status).toBe(204);
    return reviewer;
  };
  const linkInfo = (secret: string) => browser().send('POST', '/api/review/access-link', { secret });
  const setPassword = (secret: string, password: string) =>
    browser().send('POST', '/api/review/access-link/password', { secret, password });

  beforeAll(async () => {
    ({ server, stores, close } = await reviewServer(
      database,
      [
        { companyId, email: ADMIN, name: 'Ann Admin', role: 'admin' },
        { companyId: 'orbitra-labs', email: OUTSIDER, name: 'Olga Outsider', role: 'admin' },
      ],
      { now: () => clock },
    ));
  });

  afterAll(() => close());

  it('adds a teammate, who sets their own password once through a link that expires in 72 hours', async () => {
    const ann = await signedIn(ADMIN);
    const added = await ann.send('POST', '/api/review/team', {
      email: ' Tom.Teammate@Lumenvault.example ',
      name: 'Tom Teammate',
      role: 'reviewer',
    });
    expect(added.status, added.text).toBe(201);
    const { secret, teammate, expiresAt } = added.body as {
      secret: string;
      teammate: Record<string, unknown>;
      expiresAt: string;
    };
    expect(teammate).toMatchObject({
      email: 'tom.teammate@lumenvault.example',
      role: 'reviewer',
      active: false,
      you: false,
    });
    expect(Date.parse(expiresAt) - clock).toBe(ACCESS_LINK_HOURS * 3_600_000);
    // Only the link's hash is kept.
    expect(JSON.stringify(await stores.team.teammates(companyId))).not.toContain(secret);

    // Before the password is set, no password signs the teammate in, not even an empty one.
    expect((await browser().signIn('tom.teammate@lumenvault.example', '')).status).toBe(400);
    expect((await browser().signIn('tom.teammate@lumenvault.example', 'anything at all here')).status).toBe(401);

    expect((await linkInfo(secret)).body).toMatchObject({
      email: 'tom.teammate@lumenvault.example',
      name: 'Tom Teammate',
      companyName: 'Lumenvault',
      purpose: 'invitation',
    });
    const weak = await setPassword(secret, 'password1234');
    expect(weak.status).toBe(400);
    expect(weak.text).toMatch(/too easy to guess/);
    expect((await setPassword(secret, NEW_PASSWORD)).status).toBe(204);
    await signedIn('tom.teammate@lumenvault.example', NEW_PASSWORD);
    // Used once: the link now sets nothing.
    const again = await setPassword(secret, 'another long passphrase here');
    expect(again.status).toBe(410);
    expect(again.text).toMatch(/Ask an admin of your company for a new one/);
    expect((await linkInfo(secret)).status).toBe(410);

    const listed = await ann.send('GET', '/api/review/team');
    expect(listed.body.teammates).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: ADMIN, you: true, active: true }),
        expect.objectContaining({ email: 'tom.teammate@lumenvault.example', active: true, linkExpiresAt: null }),
      ]),
    );
    const taken = await ann.send('POST', '/api/review/team', {
      email: 'tom.teammate@lumenvault.example',
      name: 'Tom',
      role: 'admin',
    });
    expect(taken.status).toBe(409);
    const bad = await ann.send('POST', '/api/review/team', { email: 'not an email', name: 'X', role: 'reviewer' });
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/is not an email address/);
  });

  it('lets a link expire after 72 hours, unused', async () => {
    const ann = await signedIn(ADMIN);
    const added = await ann.send('POST', '/api/review/team', {
      email: 'late@lumenvault.example',
      name: 'Lee Late',
      role: 'reviewer',
    });
    const secret = added.body.secret as string;
    clock += ACCESS_LINK_HOURS * 3_600_000;
    try {
      expect((await setPassword(secret, NEW_PASSWORD)).status).toBe(410);
    } finally {
      clock -= ACCESS_LINK_HOURS * 3_600_000;
    }
    expect((await linkInfo(secret)).status).toBe(200);
  });

  it('resets a teammate’s access: their password and sign-ins end, and a new link replaces the old', async () => {
    const ann = await signedIn(ADMIN);
    const tom = await signedIn('tom.teammate@lumenvault.example', NEW_PASSWORD);
    const team = await ann.send('GET', '/api/review/team');
    const tomId = (team.body.teammates as { email: string; reviewerId: string }[]).find((one) =>
      one.email.startsWith('tom'),
    )?.reviewerId;
    const annId = (team.body.teammates as { email: string; reviewerId: string }[]).find(
      (one) => one.email === ADMIN,
    )?.reviewerId;

    const reset = await ann.send('POST', `/api/review/team/${tomId}/reset`);
    expect(reset.status, reset.text).toBe(200);
    expect(reset.body.teammate).toMatchObject({ active: false });
    expect((await tom.send('GET', '/api/review/me')).status).toBe(401);
    expect((await browser().signIn('tom.teammate@lumenvault.example', NEW_PASSWORD)).status).toBe(401);
    const second = await ann.send('POST', `/api/review/team/${tomId}/reset`);
    // Only the newest link works.
    expect((await linkInfo(reset.body.secret as string)).status).toBe(410);
    expect((await linkInfo(second.body.secret as string)).body).toMatchObject({ purpose: 'reset' });

    const self = await ann.send('POST', `/api/review/team/${annId}/reset`);
    expect(self.status).toBe(409);
    expect((await ann.send('DELETE', `/api/review/team/${annId}`)).status).toBe(409);
  });

  it('lets no other company keep a person off this team by adding them first; an account someone took stays theirs', async () => {
    const ann = await signedIn(ADMIN);
    const olga = await signedIn(OUTSIDER);
    const bob = { email: 'bob@lumenvault.example', name: 'Bob Builder', role: 'reviewer' };
    const first = await olga.send('POST', '/api/review/team', bob);
    expect(first.status).toBe(201);

    // Bob never took that link: his own company adds him all the same, and the other link goes.
    const ours = await ann.send('POST', '/api/review/team', bob);
    expect(ours.status, ours.text).toBe(201);
    expect((await linkInfo(first.body.secret as string)).status).toBe(410);
    expect(JSON.stringify((await olga.send('GET', '/api/review/team')).body)).not.toContain(bob.email);
    expect((await setPassword(ours.body.secret as string, NEW_PASSWORD)).status).toBe(204);
    await signedIn(bob.email, NEW_PASSWORD);

    // Once he has set a password, the account is his: not another company's to take, reset or not.
    expect((await olga.send('POST', '/api/review/team', bob)).status).toBe(409);
    const bobId = (ours.body.teammate as { reviewerId: string }).reviewerId;
    expect((await ann.send('POST', `/api/review/team/${bobId}/reset`)).status).toBe(200);
    expect((await olga.send('POST', '/api/review/team', bob)).status).toBe(409);
    expect((await olga.send('POST', '/api/review/team', { ...bob, email: ADMIN })).status).toBe(409);
  });

  it('is the admins’ own: a reviewer gets 403, another company 404', async () => {
    const ann = await signedIn(ADMIN);
    const added = await ann.send('POST', '/api/review/team', {
      email: 'rae@lumenvault.example',
      name: 'Rae Reviewer',
      role: 'reviewer',
    });
    expect((await setPassword(added.body.secret as string, NEW_PASSWORD)).status).toBe(204);
    const rae = await signedIn('rae@lumenvault.example', NEW_PASSWORD);
    expect((await rae.send('GET', '/api/review/team')).status).toBe(403);
    expect(
      (await rae.send('POST', '/api/review/team', { email: 'x@lumenvault.example', name: 'X', role: 'admin' })).status,
    ).toBe(403);

    const raeId = (added.body.teammate as { reviewerId: string }).reviewerId;
    const olga = await signedIn(OUTSIDER);
    expect((await olga.send('POST', `/api/review/team/${raeId}/reset`)).status).toBe(404);
    expect((await olga.send('DELETE', `/api/review/team/${raeId}`)).status).toBe(404);
    expect(JSON.stringify((await olga.send('GET', '/api/review/team')).body)).not.toContain('lumenvault');

    expect((await ann.send('DELETE', `/api/review/team/${raeId}`)).status).toBe(204);
    expect((await rae.send('GET', '/api/review/me')).status).toBe(401);
    expect((await browser().signIn('rae@lumenvault.example', NEW_PASSWORD)).status).toBe(401);
  });
});
