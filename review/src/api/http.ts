import { CSRF_HEADER } from '@assessment/core';

/** A refusal of the reviewer API, with the message it gave (every error answer is `{ error }`). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Seconds to wait, from `Retry-After` (429). */
    readonly retryAfterSeconds: number | null = null,
    /** The whole answer, for a refusal that says more than its message (the rows of a list to fix). */
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** What the page says when the server could not be reached at all. */
export const NETWORK_PROBLEM = 'The server could not be reached. Check your connection and try again.';

/** What the page needs of a schema from @assessment/core: to check an answer and type it. */
export interface AnswerSchema<Answer> {
  parse(input: unknown): Answer;
}

export interface RequestOptions<Answer> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Sent as `X-CSRF-Token` on every call that changes something. */
  csrfToken?: string | null;
  /** Checks and types the answer; absent for calls answered with no content (204). */
  schema?: AnswerSchema<Answer>;
  signal?: AbortSignal;
}

async function errorOf(response: Response): Promise<ApiError> {
  let message = `The server answered ${response.status}.`;
  let body: unknown = null;
  try {
    body = await response.json();
    const error = (body as { error?: unknown } | null)?.error;
    if (typeof error === 'string' && error) message = error;
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  const retryAfter = Number(response.headers.get('Retry-After'));
  return new ApiError(
    response.status,
    message,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
    body,
  );
}

/**
 * One call of the reviewer API. The sign-in cookie goes along by itself (same origin); the answer
 * is checked against the schema both sides share, so a server that drifted fails loudly here
 * instead of showing a reviewer half a candidate.
 */
export async function requestJson<Answer = undefined>(
  path: string,
  { method = 'GET', body, csrfToken, schema, signal }: RequestOptions<Answer> = {},
): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers[CSRF_HEADER] = csrfToken;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_PROBLEM);
  }
  if (!response.ok) throw await errorOf(response);
  if (!schema) return undefined as Answer;
  // No content is an answer too: the schema says whether this call may give it.
  return schema.parse(response.status === 204 ? undefined : await response.json());
}
