import { parseArgs } from 'node:util';
import { companyOf, REVIEWER_ROLES } from '@assessment/core';
import { withStores } from './backends.ts';
import { configFromEnv } from './config.ts';
import { addReviewer, normalizeEmail, ReviewerInputError } from './review/reviewer-accounts.ts';
import { ReviewerExistsError } from './storage/errors.ts';
import type { ReviewerStore } from './storage/reviewers/reviewer-store.ts';

/**
 * `pnpm --filter api reviewer add|list|remove`: the hiring companies' reviewer accounts, in the
 * server's database (DATA_DIR, or DATABASE_URL when it is set, like the server), safe while the
 * server runs. Each account belongs to one company
 * of the catalogue and sees only that company's tests, invitations and candidates.
 */
const USAGE = `Usage:
  pnpm --filter api reviewer add --company <companyId> --email <email> [--name <name>] [--role admin|reviewer]
      The password is read from standard input when it is piped (echo ... | pnpm ...);
      otherwise a strong one is made and printed once.
  pnpm --filter api reviewer list [--company <companyId>]
  pnpm --filter api reviewer remove --email <email>`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    company: { type: 'string' },
    email: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string', default: 'admin' },
  },
});

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

/** The password piped to standard input, if any: its first line. */
async function pipedPassword(): Promise<string | undefined> {
  if (process.stdin.isTTY) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const line = Buffer.concat(chunks).toString('utf8').split(/\r?\n/, 1)[0] ?? '';
  return line === '' ? undefined : line;
}

async function add(store: ReviewerStore): Promise<void> {
  if (!values.company || !values.email) fail(USAGE);
  const role = REVIEWER_ROLES.find((one) => one === values.role);
  if (!role) fail(`The role is admin or reviewer, not "${values.role}".\n${USAGE}`);
  const password = await pipedPassword();
  const added = await addReviewer(
    store,
    { companyId: values.company, email: values.email, name: values.name, password, role },
    Date.now(),
  );
  const { reviewer } = added;
  const company = companyOf(reviewer.companyId)?.companyName ?? reviewer.companyId;
  const as = reviewer.role === 'admin' ? 'an admin' : 'a reviewer';
  console.log(`Added ${reviewer.email} (${reviewer.name}) for ${company} as ${as}.`);
  if (added.generated) console.log(`Password, shown only this once: ${added.password}`);
}

async function list(store: ReviewerStore): Promise<void> {
  const reviewers = (await store.listReviewers()).filter(
    (reviewer) => !values.company || reviewer.companyId === values.company,
  );
  if (reviewers.length === 0) console.log('No reviewers.');
  for (const reviewer of reviewers) {
    console.log(
      `${reviewer.companyId}\t${reviewer.email}\t${reviewer.name}\t${reviewer.role}\t${new Date(reviewer.createdAt).toISOString()}`,
    );
  }
}

async function remove(store: ReviewerStore): Promise<void> {
  if (!values.email) fail(USAGE);
  const email = normalizeEmail(values.email);
  if (!(await store.removeReviewer(email))) fail(`There is no reviewer ${email}.`, 1);
  console.log(`Removed reviewer ${email}; their sign-ins are ended.`);
}

const commands: Record<string, (store: ReviewerStore) => Promise<void>> = { add, list, remove };
const command = commands[positionals[0] ?? ''];
if (!command || positionals.length > 1) fail(USAGE);

let refusal: string | undefined;
await withStores(configFromEnv(), async ({ reviewers }) => {
  try {
    await command(reviewers);
  } catch (error) {
    if (!(error instanceof ReviewerInputError || error instanceof ReviewerExistsError)) throw error;
    refusal = error.message;
  }
});
if (refusal) fail(refusal, 1);
