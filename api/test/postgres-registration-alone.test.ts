import { describe, expect, it } from 'vitest';
import { openWithRegistration } from '../src/storage/sessions/one-statement-writes.ts';
import { onNewPostgres } from './databases.ts';
import { newSessionId } from './helpers.ts';
import { keyHashOf, ref, registrationOf } from './store-contract/inputs.ts';

/**
 * A registration by the open link on PostgreSQL is one statement with no transaction round it
 * when the company has no webhook endpoint (`saveRegistration`). The statement checks the endpoint
 * itself: with one, it must open nothing, since an event queued outside a transaction could not
 * have its job scheduled with it, and would never go out; the caller then opens the session in a
 * transaction.
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

  it('opens nothing where it could not schedule the event, and says why', async () => {
    const before = newSessionId();
    const at = ref(before).receivedAt;
    expect(
      await openWithRegistration(
        on.storage.reads,
        ref(before, at),
        keyHashOf(before),
        registrationRowOf(before, at),
        '',
        false,
      ),
    ).toEqual({ opened: true, endpoint: false, queued: [] });
    await on.stores.deliveries.setWebhookEndpoint(
      'lumenvault',
      'https://hooks.lumenvault.example/alone',
      'whsec_c2VjcmV0',
      1,
    );
    const alone = newSessionId();
    expect(
      await openWithRegistration(
        on.storage.reads,
        ref(alone, at),
        keyHashOf(alone),
        registrationRowOf(alone, at),
        '',
        false,
      ),
    ).toEqual({ opened: false, endpoint: true, queued: [] });
    expect(await on.stores.sessions.getSession(alone)).toBeUndefined();
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
    expect(opened).toMatchObject({ opened: true, endpoint: true, queued: [{ at }] });
    const queued = await on.stores.deliveries.deliveriesOf('lumenvault', 200);
    expect(queued.filter((one) => one.sessionId === before)).toEqual([]);
    expect(queued.filter((one) => one.sessionId === inTransaction)).toHaveLength(1);
    expect((await on.stores.sessions.getSession(before))?.registration?.payload).toEqual(registrationOf(before));
  });
});
