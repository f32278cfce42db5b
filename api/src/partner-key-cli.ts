import { parseArgs } from 'node:util';
import { companyOf, PARTNER_KEY_NAME_MAX_LENGTH } from '@assessment/core';
import { withStores } from './backends.ts';
import { configFromEnv } from './config.ts';
import { greenhouseUrls, makePartnerKey, PartnerKeyRefused } from './partners/partner-key-actions.ts';
import type { PartnerStore } from './storage/partners/partner-store.ts';

/**
 * `pnpm --filter api partner-key add|list|revoke`: the companies' Greenhouse keys, in the server's
 * database (DATA_DIR, or DATABASE_URL when it is set, like the server), safe while the server
 * runs. `add` needs the server's `PARTNER_KEY_SECRET`, and prints the key alone on its last line,
 * for a script to take: it is shown this once, and only its hash is kept.
 */
const USAGE = `Usage:
  pnpm --filter api partner-key add --company <companyId> --name <name>
  pnpm --filter api partner-key list [--company <companyId>]
  pnpm --filter api partner-key revoke --company <companyId> --key-id <keyId>`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    company: { type: 'string' },
    name: { type: 'string' },
    'key-id': { type: 'string' },
  },
});

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

const config = configFromEnv();

/** The company named, which must be one of the catalogue's. */
function company(): string {
  if (!values.company) fail(USAGE);
  if (!companyOf(values.company)) fail(`There is no company "${values.company}" in the catalogue.`, 1);
  return values.company;
}

async function add(partners: PartnerStore): Promise<void> {
  const companyId = company();
  const name = values.name?.trim() ?? '';
  if (name === '' || name.length > PARTNER_KEY_NAME_MAX_LENGTH) {
    fail(`The key needs a name of 1 to ${PARTNER_KEY_NAME_MAX_LENGTH} characters.\n${USAGE}`);
  }
  const made = await makePartnerKey(partners, config.partnerKeySecret, companyId, name, Date.now());
  const urls = greenhouseUrls(config.publicUrl);
  console.log(`Made the Greenhouse key "${made.name}" (${made.keyId}) for ${companyOf(companyId)?.companyName}.`);
  console.log('Give Greenhouse these addresses and the key below; the key is shown only this once.');
  for (const [call, url] of Object.entries(urls)) console.log(`  ${call}: ${url}`);
  console.log(made.key);
}

async function list(partners: PartnerStore): Promise<void> {
  const companyId = company();
  const keys = await partners.keysOf(companyId);
  if (keys.length === 0) console.log('No keys.');
  for (const key of keys) {
    const state = key.revokedAt === null ? 'live' : `revoked ${new Date(key.revokedAt).toISOString()}`;
    console.log(`${key.keyId}\t${key.name}\t${new Date(key.createdAt).toISOString()}\t${state}`);
  }
}

async function revoke(partners: PartnerStore): Promise<void> {
  const companyId = company();
  const keyId = values['key-id'];
  if (!keyId) fail(USAGE);
  const revoked = await partners.revokeKey(companyId, keyId, Date.now());
  if (!revoked) fail(`${companyId} has no key ${keyId}.`, 1);
  console.log(`Revoked the key "${revoked.name}" (${keyId}): Greenhouse's calls with it are refused from now on.`);
}

const commands: Record<string, (partners: PartnerStore) => Promise<void>> = { add, list, revoke };
const command = commands[positionals[0] ?? ''];
if (!command || positionals.length > 1) fail(USAGE);

let refusal: string | undefined;
await withStores(config, async ({ partners }) => {
  try {
    await command(partners);
  } catch (error) {
    if (!(error instanceof PartnerKeyRefused)) throw error;
    refusal = error.message;
  }
});
if (refusal) fail(refusal, 1);
