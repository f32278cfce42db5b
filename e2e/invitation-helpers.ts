import type { InvitationView } from '@assessment/core';
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { ADA, ADMIN_TOKEN } from './fixtures.ts';

/**
 * Tests of personal invitations use their own company's tests, so the counts and settings other
 * specs read are never touched: Yarrowbit's support test (15 minutes) for personal links.
 */
export const PERSONAL_TEST = { testId: 'm1hd8035', companyName: 'Yarrowbit', timeLimitInMinute: 15 };

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

/** A personal invitation made with the operator's key, as automation would; valid for a day unless told. */
export async function createInvitation(
  request: APIRequestContext,
  testId: string,
  extraTimePercent = 0,
  validForMs = 24 * 60 * 60_000,
): Promise<InvitationView> {
  const response = await request.post(`/api/admin/tests/${testId}/invitations`, {
    headers: admin,
    data: {
      // A personal link takes only its own person's email: the candidate every spec fills in.
      email: ADA.email,
      name: ADA.fullName,
      expiresAt: new Date(Date.now() + validForMs).toISOString(),
      extraTimePercent,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as InvitationView;
}

export async function revokeInvitation(request: APIRequestContext, invitationId: string): Promise<void> {
  const response = await request.post(`/api/admin/invitations/${invitationId}/revoke`, { headers: admin });
  expect(response.status(), await response.text()).toBe(200);
}

/** Changes an invitation with the operator's key, as a reviewer extending it or adding time does. */
export async function updateInvitation(
  request: APIRequestContext,
  invitationId: string,
  changes: { extraTimePercent?: number; expiresAt?: string },
): Promise<void> {
  const response = await request.patch(`/api/admin/invitations/${invitationId}`, { headers: admin, data: changes });
  expect(response.status(), await response.text()).toBe(200);
}

/** A second browser: its own storage, so nothing of the first one's session. */
export async function otherBrowser(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  return { page, close: () => context.close() };
}
