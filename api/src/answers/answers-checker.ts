import os from 'node:os';
import { answersSchema } from '@assessment/core';
import { Piscina } from 'piscina';
import { BusyError, HostileBodyError, HttpError, parseOrRefuse } from '../http/errors.ts';
import { poolWorker } from '../worker-file.ts';
import type { AnswersTask, AnswersTaskResult } from './answers.worker.ts';
import { type AnswersPayload, type AnswersRefusal, canonicalAnswers, type ThreeAnswers } from './clean-answers.ts';

/**
 * Bodies up to this size are read on the server's own thread: parsing and the fast path cost
 * tens of microseconds there. A larger body (pictures, or someone's 880 KB of nested tags) goes
 * whole to the pool, so the event loop never spends more than that on one request.
 */
const MAIN_THREAD_BODY_BYTES = 64 * 1024;
/** Tasks waiting for a thread beyond this are refused with 503 (the client retries later). */
const MAX_WAITING = 256;
/** When a refused client may come back: the queue it found full drains in moments. */
const BUSY_RETRY_AFTER_SECONDS = 2;

export interface AnswersChecker {
  /** The validated payload with every answer sanitized; 400 when it is not one. Its nesting was checked as it arrived. */
  check(body: Buffer): Promise<AnswersPayload>;
  close(): Promise<void>;
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new HttpError(400, 'body: must be JSON');
  }
}

/** A hostile refusal is paused before it is sent (`HostileBodyError`); any other is sent at once. */
function refusal({ error, hostile }: AnswersRefusal): HttpError {
  return hostile ? new HostileBodyError(400, error) : new HttpError(400, error);
}

/**
 * Sanitizing runs in a pool of worker threads (piscina), one fewer than the cores so the event
 * loop keeps one; a hostile answer then costs a pool thread, bounded by the shape limits, never
 * the server's attention to everyone else.
 */
export function createAnswersChecker(): AnswersChecker {
  const pool = new Piscina<AnswersTask, AnswersTaskResult>({
    ...poolWorker('answers/answers.worker'),
    minThreads: 1,
    maxThreads: Math.max(1, Math.min(4, os.availableParallelism() - 1)),
    maxQueue: MAX_WAITING,
  });

  async function run(task: AnswersTask): Promise<AnswersTaskResult> {
    // A large body owns its memory (Buffer.concat gave it its own): handed over, not copied.
    const bytes = 'body' in task ? task.body : undefined;
    const owned = bytes && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    try {
      return await pool.run(task, owned ? { transferList: [bytes.buffer as ArrayBuffer] } : {});
    } catch (error) {
      if (pool.queueSize >= MAX_WAITING)
        throw new BusyError('The server is busy checking answers; try again shortly', BUSY_RETRY_AFTER_SECONDS);
      throw error;
    }
  }

  return {
    async check(body) {
      if (body.length > MAIN_THREAD_BODY_BYTES) {
        const result = await run({ body });
        if (!result.ok) throw refusal(result);
        if ('payload' in result) return result.payload;
        throw new Error('The answers pool answered a body with answers only');
      }
      const payload = parseOrRefuse(answersSchema, parseJson(body));
      const fast = canonicalAnswers(payload.answers);
      if (fast.every((answer) => answer !== undefined)) return { ...payload, answers: fast as ThreeAnswers };
      const result = await run({ answers: payload.answers });
      if (!result.ok) throw refusal(result);
      if ('answers' in result) return { ...payload, answers: result.answers };
      throw new Error('The answers pool answered answers with a payload');
    },
    close: () => pool.destroy(),
  };
}
