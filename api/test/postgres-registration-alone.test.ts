import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, openPostgresStorage, type Postgres } from '../src/storage/db/postgres.ts';
import type { Storage } from '../src/storage/db/storage.ts';
import { openWithRegistration } from '../src/storage/sessions/one-statement-writes.ts';
import { type Stores, storesOn } from '../src/storage/stores.ts';
import { createDatabase, type TestDatabase } from './databases.ts';
import { newSessionId } from './helpers.ts';
import { keyHashOf, ref, registrationOf } from './store-contract/inputs.ts';

/**
 * A registration by the open link on PostgreSQL is one statement with no transaction round it
 * when the company has no webhook endpoint (`saveRegistration`). An endpoint added between that
 * read and the statement must not get an event queued outside a transaction: its job could not be
 * scheduled with it, and the event would never go out.
 */
describe('an open-link registration on PostgreSQL, alone in its statement', () => {
  let database: TestDatabase;
  let postgres: Postgres;
  let storage: Storage;
  let stores: Stores;
  beforeAll(async () => {
    database = await createDatabase(inject('services').DATABASE_URL, 'registration_alone');
    postgres = openPostgres(database.url, () => {});
    storage = await openPostgresStorage(postgres);
    stores = storesOn(storage);
  });
  afterAll(async () => {
    await storage.close();
    await postgres.close();
    await database.drop();
  });

  const registrationRowOf = (sessionId: string, at: number) => {
    const registration = registrationOf(sessionId);
    return {
      session_id: sessionId,
      payload: JSON.stringify(registration),
      received_at: at,
      updated_at: at,
      full_name: registration.fullName,
      email: registration.email,
      sort_name: registration.fullName.toLowerCase(),
    };
  };

  it('queues no event it could not schedule, whatever endpoint it finds', async () => {
    await stores.deliveries.setWebhookEndpoint(
      'lumenvault',
      'https://hooks.lumenvault.example/alone',
      'whsec_c2VjcmV0',
      1,
    );
    const alone = newSessionId();
    const at = ref(alone).receivedAt;
    expect(
      await openWithRegistration(
        storage.reads,
        ref(alone, at),
        keyHashOf(alone),
        registrationRowOf(alone, at),
        '',
        false,
      ),
    ).toEqual({ opened: true, queued: [] });
    const inTransaction = newSessionId();
    const opened = await storage.reads
      .transaction()
      .execute((trx) =>
        openWithRegistration(
          trx,
          ref(inTransaction, at),
          keyHashOf(inTransaction),
          registrationRowOf(inTransaction, at),
          '',
          true,
        ),
      );
    expect(opened).toMatchObject({ opened: true, queued: [{ at }] });
    const queued = await stores.deliveries.deliveriesOf('lumenvault', 200);
    expect(queued.filter((one) => one.sessionId === alone)).toEqual([]);
    expect(queued.filter((one) => one.sessionId === inTransaction)).toHaveLength(1);
    expect((await stores.sessions.getSession(alone))?.registration?.payload).toEqual(registrationOf(alone));
  });
});
