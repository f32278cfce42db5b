import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReviewerExistsError } from '../../src/storage/errors.ts';
import type { StoredReviewer } from '../../src/storage/reviewers/reviewer-store.ts';
import { type AllStores, backEnds, type DatabaseUnderTest } from './back-ends.ts';
import { tick } from './inputs.ts';

const HOUR = 3_600_000;
const IDLE = 12 * HOUR;

let reviewerNumber = 0;
function newReviewer(companyId: string, overrides: Partial<StoredReviewer> = {}): StoredReviewer {
  reviewerNumber += 1;
  return {
    reviewerId: `rev_${reviewerNumber}`,
    companyId,
    email: `reviewer${reviewerNumber}@${companyId}.example`,
    name: `Reviewer ${reviewerNumber}`,
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g',
    createdAt: tick(),
    role: reviewerNumber % 2 === 0 ? 'reviewer' : 'admin',
    ...overrides,
  };
}

let signInNumber = 0;
function signIn(reviewer: StoredReviewer, createdAt = tick()) {
  signInNumber += 1;
  return {
    sessionHash: `hash-${signInNumber}`,
    reviewerId: reviewer.reviewerId,
    csrfToken: `csrf-${signInNumber}`,
    createdAt,
    expiresAt: createdAt + 7 * 24 * HOUR,
  };
}

describe.each(backEnds)('reviewers and their sign-ins ($name)', (backEnd) => {
  let database: DatabaseUnderTest;
  let store: AllStores;
  let other: AllStores;
  beforeAll(async () => {
    database = await backEnd.createDatabase();
    store = (await database.openInstance()).store;
    other = (await database.openInstance()).store;
  });
  afterAll(() => database.remove());

  it('keeps one account per email, listed by company then email', async () => {
    const ada = newReviewer('lumenvault', { email: 'z-ada@lumenvault.example' });
    const bea = newReviewer('lumenvault', { email: 'a-bea@lumenvault.example' });
    const cy = newReviewer('acme');
    for (const reviewer of [ada, bea, cy]) await store.addReviewer(reviewer);

    expect(await other.reviewerOfEmail(ada.email)).toEqual(ada);
    expect(await store.reviewerOfEmail('nobody@lumenvault.example')).toBeUndefined();
    await expect(store.addReviewer(newReviewer('acme', { email: ada.email }))).rejects.toBeInstanceOf(
      ReviewerExistsError,
    );
    expect((await store.listReviewers()).map((reviewer) => reviewer.email)).toEqual([cy.email, bea.email, ada.email]);
  });

  it('keeps a sign-in any instance can check, seen later only ever forward, until it ends', async () => {
    const reviewer = newReviewer('lumenvault');
    await store.addReviewer(reviewer);
    const started = signIn(reviewer);
    await store.startReviewerSession(started, IDLE);

    expect(await other.reviewerSession(started.sessionHash)).toEqual({
      ...started,
      lastSeenAt: started.createdAt,
      reviewer,
    });
    const seen = started.createdAt + HOUR;
    await other.touchReviewerSession(started.sessionHash, seen);
    await store.touchReviewerSession(started.sessionHash, seen - 1);
    expect(await store.reviewerSession(started.sessionHash)).toMatchObject({ lastSeenAt: seen });

    await other.endReviewerSession(started.sessionHash);
    expect(await store.reviewerSession(started.sessionHash)).toBeUndefined();
    expect(await store.reviewerSession('hash-of-nothing')).toBeUndefined();
  });

  it('drops sign-ins that ended, by idling or by age, when the next one starts', async () => {
    const reviewer = newReviewer('lumenvault');
    await store.addReviewer(reviewer);
    const start = tick();
    const idle = signIn(reviewer, start);
    const old = { ...signIn(reviewer, start), expiresAt: start + 20 * HOUR };
    const active = signIn(reviewer, start);
    for (const session of [idle, old, active]) await store.startReviewerSession(session, IDLE);
    await store.touchReviewerSession(old.sessionHash, start + 19 * HOUR);
    await store.touchReviewerSession(active.sessionHash, start + 19 * HOUR);

    await store.startReviewerSession(signIn(reviewer, start + 21 * HOUR), IDLE);
    expect(await store.reviewerSession(idle.sessionHash)).toBeUndefined();
    expect(await store.reviewerSession(old.sessionHash)).toBeUndefined();
    expect(await store.reviewerSession(active.sessionHash)).toMatchObject({ reviewerId: reviewer.reviewerId });
  });

  it('removes an account with every sign-in it had', async () => {
    const reviewer = newReviewer('acme');
    await store.addReviewer(reviewer);
    const started = signIn(reviewer);
    await store.startReviewerSession(started, IDLE);

    expect(await other.removeReviewer(reviewer.email)).toBe(true);
    expect(await store.reviewerOfEmail(reviewer.email)).toBeUndefined();
    expect(await store.reviewerSession(started.sessionHash)).toBeUndefined();
    expect(await store.removeReviewer(reviewer.email)).toBe(false);
  });

  it('trusts a browser for its reviewer until its trust ends, an admin resets their access or they are removed', async () => {
    const reviewer = newReviewer('lumenvault');
    await store.addReviewer(reviewer);
    const at = tick();
    await store.trustBrowser('browser-kept', reviewer.reviewerId, at, at + HOUR);
    await store.trustBrowser('browser-ending', reviewer.reviewerId, at, at + 1);

    expect(await other.trustedBrowserReviewer('browser-kept', at + HOUR - 1)).toEqual(reviewer);
    expect(await other.trustedBrowserReviewer('browser-kept', at + HOUR)).toBeUndefined();
    expect(await other.trustedBrowserReviewer('browser-ending', at)).toEqual(reviewer);
    expect(await other.trustedBrowserReviewer('browser-of-nobody', at)).toBeUndefined();
    // Trust that has ended is forgotten when the next browser is trusted: gone even for an earlier clock.
    await other.trustBrowser('browser-later', reviewer.reviewerId, at + 2, at + HOUR);
    expect(await store.trustedBrowserReviewer('browser-ending', at)).toBeUndefined();
    expect(await store.trustedBrowserReviewer('browser-kept', at)).toEqual(reviewer);

    await other.resetAccess(reviewer.reviewerId, {
      linkHash: `link-${reviewer.reviewerId}`,
      createdAt: at,
      expiresAt: at + HOUR,
    });
    expect(await store.trustedBrowserReviewer('browser-kept', at)).toBeUndefined();
    expect(await store.trustedBrowserReviewer('browser-later', at)).toBeUndefined();

    const removed = newReviewer('acme');
    await store.addReviewer(removed);
    await store.trustBrowser('browser-of-removed', removed.reviewerId, at, at + HOUR);
    expect(await other.removeReviewer(removed.email)).toBe(true);
    expect(await store.trustedBrowserReviewer('browser-of-removed', at)).toBeUndefined();
  });
});
