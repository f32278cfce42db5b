import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { GREENHOUSE_API_PREFIX } from '@assessment/core';

export interface GreenhouseAnswer {
  status: number;
  headers: Headers;
  body: Record<string, unknown> & { error?: string };
}

/** A `PATCH` that reached Greenhouse, and what Greenhouse read of `test_status` after it, if it answered 200. */
export interface ReceivedPatch {
  takeHomeTestId: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  answered: number;
  statusRead?: GreenhouseAnswer;
}

/**
 * Greenhouse, as far as the product can tell (`grnhse/greenhouse-api-docs`,
 * `source/includes/assessment/`): it calls the product's endpoints as its docs' examples do, with
 * the company's key, a colon and base64 as HTTP Basic, and serves the `url` each `send_test`
 * names. A `PATCH` there is recorded and answered 500 while `failNext` lasts, else 200; after a
 * 200, Greenhouse reads `test_status` of that test, as its docs say it does.
 */
export async function startFakeGreenhouse(api: string) {
  const patches: ReceivedPatch[] = [];
  /** Greenhouse's take-home test id → the product's `partner_interview_id`, as `send_test` answered. */
  const interviews = new Map<string, string>();
  const state = { key: '', failNext: 0 };

  async function call(
    method: 'GET' | 'POST',
    name: string,
    { body, query, key = state.key }: { body?: unknown; query?: Record<string, string>; key?: string | null } = {},
  ): Promise<GreenhouseAnswer> {
    const search = query ? `?${new URLSearchParams(query)}` : '';
    const response = await fetch(`${api}${GREENHOUSE_API_PREFIX}/${name}${search}`, {
      method,
      headers: {
        ...(key === null ? {} : { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : {} };
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const match = /^\/integrations\/testing_partners\/take_home_tests\/(\d+)$/.exec(request.url ?? '');
      if (request.method !== 'PATCH' || !match?.[1]) {
        response.writeHead(404).end();
        return;
      }
      const failing = state.failNext > 0;
      if (failing) state.failNext -= 1;
      const patch: ReceivedPatch = {
        takeHomeTestId: match[1],
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        answered: failing ? 500 : 200,
      };
      patches.push(patch);
      response.writeHead(patch.answered).end();
      const interview = interviews.get(match[1]);
      if (failing || !interview) return;
      void call('GET', 'test_status', { query: { partner_interview_id: interview } }).then((read) => {
        patch.statusRead = read;
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    state,
    patches,
    call,
    /** The `url` of Greenhouse's take-home test `id`, as `send_test` carries it. */
    urlOf: (id: string) => `${origin}/integrations/testing_partners/take_home_tests/${id}`,
    /**
     * `send_test` as the docs' example sends it, for take-home test `id`, with a field the docs do
     * not have yet (Greenhouse may add fields at any time); `candidate` replaces the example's.
     */
    async sendTest(partnerTestId: string, id: string, candidate: Record<string, unknown> = {}, key?: string) {
      const sent = await call('POST', 'send_test', {
        ...(key === undefined ? {} : { key }),
        body: {
          partner_test_id: partnerTestId,
          candidate: {
            first_name: 'Harry',
            last_name: 'Potter',
            preferred_name: 'The Chosen One',
            resume_url: 'https://hogwarts.com/resume',
            phone_number: '123-456-7890',
            email: 'hpotter@hogwarts.example',
            greenhouse_profile_url: 'https://app.greenhouse.io/people/17681532?application_id=26234709',
            ...candidate,
          },
          sent_by: 'test_sender@example.org',
          url: `${origin}/integrations/testing_partners/take_home_tests/${id}`,
          added_later: { by: 'Greenhouse' },
        },
      });
      if (sent.status === 200) interviews.set(id, sent.body.partner_interview_id as string);
      return sent;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
