import { privacyNotice } from '@assessment/core';
import { afterAll, describe, expect, it } from 'vitest';
import { type InProcessServer, startServer, testId } from './helpers.ts';

const RECEIPT_PROMISE = 'When you finish, an email to the address you confirm lists';

describe('the privacy notice promises an email only where the server sends email', () => {
  const servers: InProcessServer[] = [];
  afterAll(() => Promise.all(servers.map((server) => server.stop())));

  const noticeOf = async (env: Record<string, string>) => {
    const server = await startServer(env);
    servers.push(server);
    const response = await fetch(`${server.url}/api/privacy-notice/${testId}`);
    expect(response.status).toBe(200);
    const paragraphs = privacyNotice(await response.json()).flatMap((part) => part.paragraphs);
    return paragraphs.join('\n');
  };

  it('without SMTP_URL, where each message stays a file on the server, promises none', async () => {
    const notice = await noticeOf({});
    expect(notice).not.toContain(RECEIPT_PROMISE);
    expect(notice).toContain('This service sends no email');
  });

  it('with SMTP_URL promises the receipt', async () => {
    // Nothing is sent here: only the setting is read.
    expect(await noticeOf({ SMTP_URL: 'smtp://127.0.0.1:8429' })).toContain(RECEIPT_PROMISE);
  });
});
