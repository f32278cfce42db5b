import { companyIdOf, getTest, type TestDefinition } from '@assessment/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from './databases.ts';
import { type InProcessServer, testId } from './helpers.ts';
import { REVIEWER_PASSWORD, ReviewerBrowser, reviewServer } from './reviewer-helpers.ts';

const companyId = companyIdOf(getTest(testId) as TestDefinition);
const ALICE = 'proxy-alice@lumenvault.example';
const OFFICE = '203.0.113.9';
const STRANGER = '198.51.100.66';

/**
 * What a load balancer sends on: the X-Forwarded-For its client sent, if any, with the address it
 * saw itself appended, as nginx's `$proxy_add_x_forwarded_for` and the cloud balancers do.
 */
const throughBalancer = (from: string, claimed?: string) => ({
  'x-forwarded-for': claimed === undefined ? from : `${claimed}, ${from}`,
});

describe.each(TEST_DATABASES)('a server behind one load balancer with TRUST_PROXY=true ($name)', (database) => {
  let server: InProcessServer;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ server, close } = await reviewServer(
      database,
      [{ companyId, email: ALICE, name: 'Alice Proxy', role: 'reviewer' }],
      {},
      { TRUST_PROXY: 'true' },
    ));
  });
  afterAll(() => close());

  it('counts a stranger who names the office’s address in X-Forwarded-For at the stranger’s own address', async () => {
    const signIn = (headers: Record<string, string>, password: string) =>
      new ReviewerBrowser(server.url).send('POST', '/api/review/sign-in', { email: ALICE, password }, headers);
    // The stranger knows her email, and her office's address, and guesses her password.
    const guesses: number[] = [];
    for (let guess = 0; guess < 8; guess += 1) {
      guesses.push((await signIn(throughBalancer(STRANGER, OFFICE), 'a guess at her password')).status);
    }
    expect(guesses.at(-1)).toBe(429);

    const alice = await signIn(throughBalancer(OFFICE), REVIEWER_PASSWORD);
    expect(alice.status, JSON.stringify(alice.body)).toBe(204);
  });
});
