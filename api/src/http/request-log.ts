import type { FastifyRequest } from 'fastify';

/** A personal link's token in a page address: `/invite/<testId>-<token>`. */
const INVITE_TOKEN = /(\/invite\/[a-z0-9]{8}-)[a-z0-9]{26}/gi;

/**
 * A request's address for the log, with any personal invitation token taken out: the token opens a
 * candidate's assessment, and logs are read by more people, for longer, than the database.
 * (The API takes tokens in bodies only; the candidate's page addresses carry them.)
 */
export function redactInviteTokens(url: string): string {
  return url.replace(INVITE_TOKEN, '$1[token]');
}

/** Fastify's own request serializer, with the address redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactInviteTokens(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
