import type { DeliveryView } from '@assessment/core';
import { describe, expect, it } from 'vitest';
import {
  canSendAgain,
  deliveryFailureDetail,
  deliveryRecipient,
  deliveryStateText,
  deliveryWhat,
  reminderChoiceName,
} from './delivery-state.ts';

const time = (at: string) => at.slice(11, 16);
const base: DeliveryView = {
  deliveryId: 'dlv_1',
  kind: 'invitation',
  recipient: 'ada@mail.example',
  blindCode: null,
  state: 'queued',
  attempts: 0,
  createdAt: '2026-03-02T09:00:00.000Z',
  sentAt: null,
  dueAt: '2026-03-02T09:00:00.000Z',
  lastError: null,
  event: null,
  lastStatus: null,
};

describe('deliveryStateText', () => {
  it('tells a message waiting for its first try', () => {
    expect(deliveryStateText(base, time, true)).toBe('Waiting to be sent.');
    expect(canSendAgain(base)).toBe(false);
  });

  it('tells a refused attempt and when the next one is', () => {
    const retrying = { ...base, attempts: 2, lastError: 'Mailbox busy', dueAt: '2026-03-02T09:01:30.000Z' };
    expect(deliveryStateText(retrying, time, true)).toBe('Attempt 2 failed: Mailbox busy. Next try at 09:01.');
    expect(deliveryFailureDetail(retrying)).toBeNull();
    const unknownName = { ...retrying, kind: 'webhook' as const, lastError: 'getaddrinfo ENOTFOUND ats.example' };
    expect(deliveryStateText(unknownName, time, true)).toBe(
      "Attempt 2 failed: the address's name was not found. Next try at 09:01.",
    );
    expect(deliveryFailureDetail(unknownName)).toBe('getaddrinfo ENOTFOUND ats.example');
  });

  it('tells a sent message when it went, and a failed one why, and both can be sent again', () => {
    const sent = { ...base, state: 'sent' as const, attempts: 1, sentAt: '2026-03-02T09:00:02.000Z' };
    expect(deliveryStateText(sent, time, true)).toBe('Sent at 09:00.');
    expect(deliveryStateText(sent, time, false)).toBe('Kept on the server, not sent (email is not set up) at 09:00.');
    const failed = { ...base, state: 'failed' as const, lastError: 'the invitation was revoked before it went out' };
    expect(deliveryStateText(failed, time, true)).toBe('Not sent: the invitation was revoked before it went out.');
    expect([sent, failed].map(canSendAgain)).toEqual([true, true]);
  });

  it('tells a message sent, then not sent again, that the first one went out', () => {
    const again = {
      ...base,
      state: 'failed' as const,
      attempts: 1,
      sentAt: '2026-03-02T09:00:02.000Z',
      lastError: 'the candidate had started the assessment already',
    };
    expect(deliveryStateText(again, time, true)).toBe(
      'Sent at 09:00; not sent again: the candidate had started the assessment already.',
    );
    const hook = { ...again, kind: 'webhook' as const, lastStatus: 500, lastError: 'answered 500' };
    expect(deliveryStateText(hook, time, true)).toBe(
      'Delivered at 09:00; not sent again: the endpoint answered HTTP 500, which is not a success.',
    );
  });
});

describe('reminderChoiceName', () => {
  it('names each reminder setting, off included', () => {
    expect(reminderChoiceName(48)).toBe('One reminder, 48 hours before the link expires');
    expect(reminderChoiceName(0)).toBe('No reminder is sent');
  });
});

describe('a webhook in the log', () => {
  it('is named by its event, and tells the status its endpoint answered', () => {
    const hook = {
      ...base,
      kind: 'webhook' as const,
      event: 'assessment.finished',
      recipient: 'https://ats.example/hooks',
    };
    expect(deliveryWhat(hook)).toBe('Webhook: assessment.finished');
    expect(deliveryWhat(base)).toBe('Invitation');
    const delivered = {
      ...hook,
      state: 'sent' as const,
      attempts: 2,
      lastStatus: 204,
      sentAt: '2026-03-02T09:00:30.000Z',
    };
    expect(deliveryStateText(delivered, time, false)).toBe('Delivered (HTTP 204) at 09:00.');
    const refused = {
      ...hook,
      attempts: 1,
      lastStatus: 500,
      lastError: 'answered 500',
      dueAt: '2026-03-02T09:00:30.000Z',
    };
    expect(deliveryStateText(refused, time, true)).toBe(
      'Attempt 1 failed: the endpoint answered HTTP 500, which is not a success. Next try at 09:00.',
    );
    expect(deliveryFailureDetail(refused)).toBe('answered 500');
  });
});

describe("Greenhouse's PATCH in the log", () => {
  it('is named by what it told, and tells the status Greenhouse answered', () => {
    const patch = {
      ...base,
      kind: 'greenhouse' as const,
      event: 'test.completed',
      recipient: 'https://app.greenhouse.io/integrations/testing_partners/take_home_tests/12345',
      state: 'sent' as const,
      attempts: 2,
      lastStatus: 200,
      sentAt: '2026-03-02T09:00:30.000Z',
    };
    expect(deliveryWhat(patch)).toBe('Greenhouse: the test is complete');
    expect(deliveryWhat({ ...patch, event: 'score.changed' })).toBe("Greenhouse: the team's score changed");
    expect(deliveryStateText(patch, time, false)).toBe('Delivered (HTTP 200) at 09:00.');
    expect(canSendAgain(patch)).toBe(true);
  });
});

describe('deliveryRecipient', () => {
  it('names a candidate blind review hides by their code, and an erased recipient as erased', () => {
    expect(deliveryRecipient(base)).toBe('ada@mail.example');
    expect(deliveryRecipient({ ...base, kind: 'receipt', recipient: null, blindCode: '3F2A' })).toBe('Candidate 3F2A');
    expect(deliveryRecipient({ ...base, recipient: '' })).toBe('(erased)');
  });
});
