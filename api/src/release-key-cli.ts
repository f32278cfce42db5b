import { parseArgs } from 'node:util';
import { SECTIONS } from '@assessment/core';
import { z } from 'zod';
import { withStores } from './backends.ts';
import { configFromEnv } from './config.ts';
import { addReleaseKey } from './releases/release-keys.ts';

/**
 * `pnpm --filter api release-key add|list|revoke`: the section teams' release keys, in the
 * server's database (DATA_DIR, or DATABASE_URL when it is set), safe while the server runs. A key
 * is printed once; only its SHA-256 is stored. A key releases its own section only.
 */
const USAGE = `Usage:
  pnpm --filter api release-key add --section <${SECTIONS.sections.map((section) => section.id).join('|')}> --name "<who holds it, e.g. quiz CI>" [--contact <address told of an automatic rollback>]
  pnpm --filter api release-key list
  pnpm --filter api release-key revoke <key id>`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { section: { type: 'string' }, name: { type: 'string' }, contact: { type: 'string' } },
});

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

const [command, ...rest] = positionals;
if (!command || !['add', 'list', 'revoke'].includes(command)) fail(USAGE);

let refusal: string | undefined;
await withStores(configFromEnv(), async ({ releases }, source) => {
  if (command === 'add') {
    const section = SECTIONS.byId(values.section ?? '');
    const name = values.name?.trim() ?? '';
    if (!section || name === '' || name.length > 100 || rest.length > 0) {
      refusal = `${section ? 'A name of 1 to 100 characters is needed' : `There is no section "${values.section ?? ''}"`}.\n${USAGE}`;
      return;
    }
    const contact = values.contact?.trim();
    if (contact !== undefined && !z.email().safeParse(contact).success) {
      refusal = `"${contact}" is not one email address: the contact is told of an automatic rollback.\n${USAGE}`;
      return;
    }
    const { key, record } = await addReleaseKey(releases, { sectionId: section.id, name, contact, now: Date.now() });
    console.log(`Added the key "${name}" (id ${record.key_id}) for the ${section.id} section, in ${source}.`);
    if (contact) console.log(`An automatic rollback of the ${section.id} section is told to ${contact}.`);
    console.log(`Key, shown only this once: ${key}`);
  } else if (command === 'list') {
    const keys = await releases.keys();
    if (keys.length === 0) console.log('No release keys.');
    for (const key of keys) {
      const state = key.revoked_at === null ? 'active' : `revoked ${new Date(key.revoked_at).toISOString()}`;
      console.log(
        `${key.key_id}\t${key.section_id}\t${key.name}\t${new Date(key.created_at).toISOString()}\t${state}\t${key.contact ?? 'no contact'}`,
      );
    }
  } else {
    const [keyId] = rest;
    if (!keyId || rest.length > 1) {
      refusal = USAGE;
      return;
    }
    if (!(await releases.revokeKey(keyId, Date.now()))) {
      refusal = `There is no active release key ${keyId}.`;
      return;
    }
    console.log(`Revoked the release key ${keyId}: it is refused from now on, on every instance.`);
  }
});
if (refusal) fail(refusal, 1);
