import { BODY_LIMIT_BYTES } from '@assessment/core';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  AnswersFinalError,
  InvitationExpiredError,
  InvitationInUseError,
  InvitationRevokedError,
  OpenLinkClosedError,
  RecordFinalError,
  ReviewerExistsError,
  SessionConflictError,
  SessionErasedError,
  SessionKeyError,
  SessionNotFoundError,
} from '../storage/errors.ts';
import { createHostilePause } from './hostile-pause.ts';

/** An error whose message is safe to show the client, with its status code and any other fields of the answer. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * A refusal sent before the request's body was read to its end: the connection is closed after
 * it, so the rest of the body is never read (a keep-alive connection would have to read it all).
 */
export class UnreadBodyError extends HttpError {
  override name = 'UnreadBodyError';
}

/**
 * A body no editor of the product writes: it nests deeper than any of them. Its refusal is sent
 * only after a pause (`hostile-pause.ts`), so a loop of them costs its sender, and ends the
 * connection, so one refused as it arrives is never read to its end.
 */
export class HostileBodyError extends HttpError {
  override name = 'HostileBodyError';
}

/**
 * A request refused to shed load (503): an answer the server chose, not a fault. It is logged as a
 * warning without a stack, and tells the client when to come back (`Retry-After`).
 */
export class BusyError extends HttpError {
  override name = 'BusyError';
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    statusCode: 503 | 507 = 503,
  ) {
    super(statusCode, message);
  }
}

/**
 * Bytes refused for want of disk space (507), as a `BusyError`, before the body carrying them is
 * read: the connection is closed after it, so that body is never read to its end.
 */
export class NoRoomError extends BusyError {
  override name = 'NoRoomError';
  constructor(message: string, retryAfterSeconds: number) {
    super(message, retryAfterSeconds, 507);
  }
}

export function describeZodError(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'body'}: ${issue.message}`)
    .join('; ');
}

/** Validates a request body; a bad one is refused with 400 before anything is stored. */
export function parseOrRefuse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpError(400, describeZodError(result.error));
  return result.data;
}

/** Bytes as the limits are set: `64 KiB`, `1 MiB`. */
function sizeInWords(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

export const tooLarge = (limit: number) =>
  `The request body is larger than the ${sizeInWords(limit)} limit of this route`;

/**
 * Status and client-facing message of any error; unexpected ones say nothing about the server.
 * `bodyLimit`: the refusing route's own, so a 413 names the limit that applied.
 */
export function toHttpError(error: unknown, bodyLimit?: number): HttpError {
  if (error instanceof HttpError) return error;
  if (
    error instanceof SessionConflictError ||
    error instanceof AnswersFinalError ||
    error instanceof RecordFinalError ||
    error instanceof InvitationInUseError ||
    error instanceof ReviewerExistsError
  ) {
    return new HttpError(409, error.message);
  }
  if (
    error instanceof InvitationRevokedError ||
    error instanceof InvitationExpiredError ||
    error instanceof SessionErasedError
  ) {
    return new HttpError(410, error.message, { state: error.state });
  }
  if (error instanceof SessionKeyError || error instanceof SessionNotFoundError || error instanceof OpenLinkClosedError)
    return new HttpError(403, error.message);
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode;
  if (status === 413) return new HttpError(413, tooLarge(bodyLimit ?? BODY_LIMIT_BYTES));
  if (status !== undefined && status >= 400 && status < 500) {
    return new HttpError(status, fastifyError.message ?? 'Bad request');
  }
  return new HttpError(500, 'Internal server error');
}

/** Every error of the API answers `{ "error": "..." }`. */
export function registerJsonErrors(app: FastifyInstance): void {
  const hostilePause = createHostilePause();
  app.addHook('preClose', async () => hostilePause.releaseAll());
  app.setErrorHandler(async (error, request, reply) => {
    const httpError = toHttpError(error, request.routeOptions.bodyLimit);
    if (httpError instanceof HostileBodyError) await hostilePause.wait();
    if (httpError instanceof BusyError) {
      request.log.warn({ route: request.routeOptions.url }, httpError.message);
      reply.header('Retry-After', String(httpError.retryAfterSeconds));
    } else if (httpError.statusCode >= 500) {
      request.log.error(error);
    }
    if (
      httpError instanceof UnreadBodyError ||
      httpError instanceof HostileBodyError ||
      httpError instanceof NoRoomError
    ) {
      reply.header('connection', 'close');
    }
    return reply.code(httpError.statusCode).send({ error: httpError.message, ...httpError.details });
  });
}
