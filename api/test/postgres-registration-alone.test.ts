import { describe, expect, it } from 'vitest';
import { openWithRegistration } from '../src/storage/sessions/one-statement-writes.ts';
import { onNewPostgres } from './databases.ts';
import { newSessionId } from './helpers.ts';
import { keyHashOf, ref, registrationOf } from './store-contract/inputs.ts';

/**
 * A registration by the open link on PostgreSQL is one statement with no transaction round it
 * when the company has no webhook endpoint (`saveRegistration`). An endpoint added between that
 * read and the statement must not get an event queued outside a transaction: its job could not be
 * scheduled with it, and the event would never go out.
 */
describe('an open-link registration on PostgreSQL, alone in its statement', () => {
  const on = onNewPostgres('registration_alone');

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
    await on.stores.deliveries.setWebhookEndpoint(
      'lumenvault',
      'https://hooks.lumenvault.example/alone',
      'whsec_c2VjcmV0',
      1,
    );
    const alone = newSessionId();
    const at = ref(alone).receivedAt;
    expect(
      await openWithRegistration(
        on.storage.reads,
        ref(alone, at),
        keyHashOf(alone),
        registrationRowOf(alone, at),
        '',
        false,
      ),
    ).toEqual({ opened: true, queued: [] });
    const inTransaction = newSessionId();
    const opened = await on.storage.reads
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
    const queued = await on.stores.deliveries.deliveriesOf('lumenvault', 200);
    expect(queued.filter((one) => one.sessionId === alone)).toEqual([]);
    expect(queued.filter((one) => one.sessionId === inTransaction)).toHaveLength(1);
    expect((await on.stores.sessions.getSession(alone))?.registration?.payload).toEqual(registrationOf(alone));
  });
});
