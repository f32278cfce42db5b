import { decodeInviteParam, inviteSegment } from '@assessment/core';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { withoutAddresses } from '../privacy/addresses.ts';

/** Each `/invite/<segment>` of a page address; the segment runs to the next `/`, `?` or `#`. */
const INVITE_SEGMENT_IN_URL = /(\/invite\/)([^/?#]+)/gi;

/** As react-router decodes a path segment before the shell's invite router reads it as its param. */
function decodedOnce(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * A request's address for the log, with any personal invitation token taken out: the token opens a
 * candidate's assessment, and logs are read by more people, for longer, than the database.
 * (The API takes tokens in bodies only; the candidate's page addresses carry them.) Each segment
 * is read as the shell reads it (`decodeInviteParam` of @assessment/core), so every spelling that
 * opens an assessment, percent-encoded ones included, is redacted; in any case, since a token in
 * capitals is still most of a token.
 */
export function redactInviteTokens(url: string): string {
  return url.replace(INVITE_SEGMENT_IN_URL, (whole, start: string, segment: string) => {
    const invite = decodeInviteParam(decodedOnce(segment).toLowerCase());
    return invite?.invitationToken ? `${start}${inviteSegment(invite.testId, '[token]')}` : whole;
  });
}

/**
 * An address without its query string's contents: no route of the API reads anything personal
 * from one, but a link can carry whatever its sender or a mail client put there (an email, a
 * name), and the log would keep it where no erasure reaches (SPEC section 0). That there was one
 * stays in the log.
 */
export function withoutQuery(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? url : `${url.slice(0, at)}?[query]`;
}

/** Fastify's own request serializer, with the address redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactInviteTokens(withoutQuery(request.url)),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** What the log keeps of an error: how to find its cause, never the values it was about. */
export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  code?: string | number;
  /** PostgreSQL's name of a violated constraint, which says which rule without the row. */
  constraint?: string;
  cause?: LoggedError;
  [key: string]: unknown;
}

/**
 * Pino's own error serializer writes every field an error carries: PostgreSQL's `detail` quotes
 * the row (`Key (email)=(ada@mail.example) already exists`), nodemailer's `rejected` and `response`
 * the recipient's address. Those fields would be a copy of a candidate no erasure reaches
 * (SPEC section 0), so only the fields here are written.
 */
export function serializeError(error: Error): LoggedError {
  // Pino hands over whatever was logged as `err`, thrown non-errors included.
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return {
    type: error.name,
    // The message too may quote an address (a mail server's refusal does), and the stack repeats it.
    message: withoutAddresses(error.message),
    stack: withoutAddresses(error.stack ?? ''),
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    ...(typeof constraint === 'string' ? { constraint } : {}),
    ...(error.cause instanceof Error ? { cause: serializeError(error.cause) } : {}),
  };
}

/** The API's log serializers: requests with their addresses redacted, errors without their values. */
export const LOG_SERIALIZERS = { req: serializeRequest, err: serializeError };

/**
 * One line a request, once it is answered, with its address and its outcome. Fastify's own
 * controller also writes a line as each request arrives, and on a busy assessment day the log's
 * two lines a request were 9% of the API's event loop (`bench/README.md`); that line is
 * still there at `LOG_LEVEL=debug`, for a request that never ends.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  /** Fastify's own line writes the address as it came, token and query string included. */
  override routeNotFound(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.info({ req: request }, 'route not found');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
