import { randomBytes, randomUUID } from 'node:crypto';
import { allCompanies, type Company, companyOf, type ReviewerRole } from '@assessment/core';
import { z } from 'zod';
import type { ReviewerStore, StoredReviewer } from '../storage/reviewers/reviewer-store.ts';
import { hashPassword, passwordProblem } from './passwords.ts';

/** Creating and removing reviewer accounts: what `pnpm --filter api reviewer ...` does. */

export class ReviewerInputError extends Error {}

const emailSchema = z.email().max(320);

/** A reviewer's email as stored and looked up: trimmed, lowercase. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** 18 random bytes as base64url: 24 characters, 144 bits. */
function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

/** Edit distance, for suggesting the company id someone meant. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1) {
      row[j] = Math.min(
        (previous[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = row;
  }
  return previous[b.length] as number;
}

/** The catalogue's companies whose id is close to `input`: a typo away, or containing it. */
function closeCompanies(input: string): Company[] {
  const wanted = input.trim().toLowerCase();
  return allCompanies().filter(
    (company) =>
      distance(company.companyId, wanted) <= 3 ||
      (wanted.length >= 3 && (company.companyId.includes(wanted) || wanted.includes(company.companyId))),
  );
}

function requireCompany(companyId: string): Company {
  const company = companyOf(companyId);
  if (company) return company;
  const close = closeCompanies(companyId);
  const hint =
    close.length > 0
      ? `Did you mean: ${close.map((one) => `${one.companyId} (${one.companyName})`).join(', ')}?`
      : `Company ids: ${allCompanies()
          .map((one) => one.companyId)
          .join(', ')}`;
  throw new ReviewerInputError(`There is no company "${companyId}" in the catalogue. ${hint}`);
}

export interface NewReviewer {
  companyId: string;
  email: string;
  name?: string | undefined;
  /** Made for them (and shown once) when not given. */
  password?: string | undefined;
  /** An admin when not given: the operator makes the company's first accounts. */
  role?: ReviewerRole | undefined;
}

/** Adds a reviewer; answers the account and the password it was given. */
export async function addReviewer(
  store: ReviewerStore,
  input: NewReviewer,
  now: number,
): Promise<{ reviewer: StoredReviewer; password: string; generated: boolean }> {
  const company = requireCompany(input.companyId);
  const email = normalizeEmail(input.email);
  if (!emailSchema.safeParse(email).success) throw new ReviewerInputError(`"${input.email}" is not an email address`);
  const generated = input.password === undefined;
  const password = input.password ?? generatePassword();
  const problem = await passwordProblem(password);
  if (problem) {
    throw new ReviewerInputError(problem);
  }
  const reviewer: StoredReviewer = {
    reviewerId: randomUUID(),
    companyId: company.companyId,
    email,
    name: input.name?.trim() || email,
    passwordHash: await hashPassword(password),
    createdAt: now,
    role: input.role ?? 'admin',
  };
  await store.addReviewer(reviewer);
  return { reviewer, password, generated };
}
