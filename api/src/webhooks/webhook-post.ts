import http from 'node:http';
import https from 'node:https';
import { useAgent } from 'request-filtering-agent';
import { Webhook } from 'standardwebhooks';

/**
 * How long an endpoint has for its whole answer, from the request's start: a slow ATS holds one
 * sender, never the server, and never for longer than this. An idle timeout alone would not do:
 * an answer dripped a byte every few seconds is never idle.
 */
const TIMEOUT_MS = 10_000;
/** What is read of an answer: its status is all that counts. */
const ANSWER_BYTES = 4096;

export interface WebhookMessage {
  /** `webhook-id`: the same for every attempt, so the receiver can drop a repeat. */
  id: string;
  url: string;
  secret: string;
  payload: string;
  at: Date;
}

/** An address's answer that is not a success, or no answer: `status` is null for none. */
export class WebhookRefused extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

/** A request to an address a company or its applicant-tracking system gave: a webhook, a Greenhouse `PATCH`. */
export interface OutwardRequest {
  url: string;
  method: 'POST' | 'PATCH';
  headers: Record<string, string>;
  body?: string;
}

export interface OutwardOptions {
  /** Lets the request reach private, loopback and link-local addresses (`WEBHOOK_ALLOW_PRIVATE`). */
  allowPrivate: boolean;
  timeoutMs?: number;
}

/**
 * Sends one request to an address from outside. Unless `allowPrivate`, the connection goes
 * through `request-filtering-agent`, which refuses private, loopback and link-local addresses
 * after DNS resolution; redirects are not followed, so a redirect cannot lead there either.
 * Resolves with the 2xx status; rejects with `WebhookRefused`.
 */
export function requestOutward(
  outward: OutwardRequest,
  { allowPrivate, timeoutMs = TIMEOUT_MS }: OutwardOptions,
): Promise<number> {
  const url = new URL(outward.url);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: outward.method,
        agent: allowPrivate ? undefined : useAgent(outward.url),
        signal: AbortSignal.timeout(timeoutMs),
        headers: outward.headers,
      },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > ANSWER_BYTES) response.destroy();
        });
        response.on('close', () => {
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve(status);
          else if (status >= 300 && status < 400)
            reject(new WebhookRefused(`answered ${status}; redirects are not followed`, status));
          else reject(new WebhookRefused(`answered ${status}`, status));
        });
      },
    );
    request.on('error', (error) =>
      reject(
        new WebhookRefused(
          error.name === 'AbortError' ? `no whole answer within ${timeoutMs / 1000} s` : error.message,
          null,
        ),
      ),
    );
    request.end(outward.body);
  });
}

/**
 * Posts one event, signed with Standard Webhooks (`standardwebhooks`: the `webhook-id`,
 * `webhook-timestamp` and `webhook-signature` headers over the exact body), as `requestOutward`
 * sends it.
 */
export function postWebhook(message: WebhookMessage, options: OutwardOptions): Promise<number> {
  const signature = new Webhook(message.secret).sign(message.id, message.at, message.payload);
  return requestOutward(
    {
      url: message.url,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'assessment-webhooks',
        'webhook-id': message.id,
        'webhook-timestamp': String(Math.floor(message.at.getTime() / 1000)),
        'webhook-signature': signature,
      },
      body: message.payload,
    },
    options,
  );
}
