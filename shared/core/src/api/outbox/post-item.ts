import type { OutboxItem } from './outbox.ts';

const REQUEST_TIMEOUT_MS = 30_000;

/** What one request of an item came to. */
export type PostResult =
  | { kind: 'acknowledged' }
  /** A 4xx other than 408, 410 and 429: sending it again would be refused again. */
  | { kind: 'refused'; status: number; reason: string }
  /**
   * 410: what the call belongs to (a personal invitation) is closed for now. It may open again (an
   * expiry extended), so the call is not lost like a refused one.
   */
  | { kind: 'gone'; reason: string }
  /** The server answered but could not take it now (5xx, 408, 429); `retryAfterMs` when it said when. */
  | { kind: 'retry'; status: number; retryAfterMs: number | undefined }
  | { kind: 'unreachable'; error: unknown };

/** The answer to a call of a session whose personal invitation link was revoked or has expired. */
export const GONE_STATUS = 410;

function isPermanentRefusal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429 && status !== GONE_STATUS;
}

async function describeRefusal(response: Response): Promise<string> {
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string') {
      return (body as { error: string }).error;
    }
  } catch {
    // A body that is not the API's JSON error says nothing more than the status.
  }
  return response.statusText;
}

function retryAfterMs(response: Response, capMs: number): number | undefined {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1000, capMs) : undefined;
}

/** POSTs one item and reads the answer; it keeps no state of its own. */
export async function postItem(
  item: OutboxItem,
  options: { fetch: typeof fetch; baseUrl: string; keepalive: boolean; retryAfterCapMs: number },
): Promise<PostResult> {
  const init: RequestInit = {
    method: 'POST',
    headers: { ...item.headers, 'content-type': 'application/json' },
    body: JSON.stringify(item.body),
    keepalive: options.keepalive,
  };
  // A keepalive request must outlive the page; any other must not hang the queue forever.
  if (!options.keepalive) init.signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await options.fetch(`${options.baseUrl}${item.path}`, init);
  } catch (error) {
    return { kind: 'unreachable', error };
  }
  if (response.ok) {
    await response.body?.cancel();
    return { kind: 'acknowledged' };
  }
  if (response.status === GONE_STATUS) return { kind: 'gone', reason: await describeRefusal(response) };
  if (isPermanentRefusal(response.status)) {
    return { kind: 'refused', status: response.status, reason: await describeRefusal(response) };
  }
  await response.body?.cancel();
  return { kind: 'retry', status: response.status, retryAfterMs: retryAfterMs(response, options.retryAfterCapMs) };
}
