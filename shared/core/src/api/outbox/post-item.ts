import type { ClosedInvitationState } from '../../invite/invitation.ts';
import { closedStateOfAnswer } from '../invitation-schemas.ts';
import type { OutboxItem } from './outbox.ts';

const REQUEST_TIMEOUT_MS = 30_000;

/** What one request of an item came to. */
export type PostResult =
  | { kind: 'acknowledged' }
  /** A 4xx other than 408, 410 and 429: sending it again would be refused again. */
  | { kind: 'refused'; status: number; reason: string }
  /**
   * 410: what the call belongs to is closed. An expired personal invitation may open again (an
   * expiry extended), so such a call is not lost like a refused one. `final` when the server named
   * a state that never opens again: a revoked invitation changes no more
   * (api/src/review/invitation-actions.ts), and an erased session's key is answered 410 for good
   * (api/src/http/candidate-access.ts). `state`: the one the server named, null when it named none.
   */
  | { kind: 'gone'; reason: string; state: ClosedInvitationState | null; final: boolean }
  /** The server answered but could not take it now (5xx, 408, 429); `retryAfterMs` when it said when. */
  | { kind: 'retry'; status: number; retryAfterMs: number | undefined }
  | { kind: 'unreachable'; error: unknown };

/** The answer to a call of a session whose personal invitation link was revoked or has expired. */
export const GONE_STATUS = 410;

function isPermanentRefusal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429 && status !== GONE_STATUS;
}

async function readRefusal(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    // A body that is not the API's JSON error says nothing more than the status.
    return null;
  }
}

function describeRefusal(response: Response, body: unknown): string {
  if (typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string') {
    return (body as { error: string }).error;
  }
  return response.statusText;
}

async function goneResult(response: Response): Promise<PostResult> {
  const body = await readRefusal(response);
  const state = closedStateOfAnswer(body);
  return { kind: 'gone', reason: describeRefusal(response, body), state, final: state !== null && state !== 'expired' };
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
  if (response.status === GONE_STATUS) return goneResult(response);
  if (isPermanentRefusal(response.status)) {
    return { kind: 'refused', status: response.status, reason: describeRefusal(response, await readRefusal(response)) };
  }
  await response.body?.cancel();
  return { kind: 'retry', status: response.status, retryAfterMs: retryAfterMs(response, options.retryAfterCapMs) };
}
