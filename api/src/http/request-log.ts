import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

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

/**
 * One line a request, once it is answered, with its address and its outcome. Fastify's own
 * controller also writes a line as each request arrives, and on a busy assessment day the log's
 * two lines a request were a tenth of the API's event loop (`bench/README.md`); that line is
 * still there at `LOG_LEVEL=debug`, for a request that never ends.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
