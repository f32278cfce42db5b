import os from 'node:os';
import { answersSchema } from '@assessment/core';
import { Piscina } from 'piscina';
import { BusyError, HostileBodyError, HttpError, parseOrRefuse } from '../http/errors.ts';
import { poolWorker } from '../worker-file.ts';
import type { AnswersTask, AnswersTaskResult } from './answers.worker.ts';
import { type AnswersPayload, type AnswersRefusal, canonicalAnswers, type ThreeAnswers } from './clean-answers.ts';
import { FairQueue } from './fair-queue.ts';

/**
 * Bodies up to this size are read on the server's own thread: parsing and the fast path cost
 * tens of microseconds there. A larger body (pictures, or someone's 880 KB of nested tags) goes
 * whole to the pool, so the event loop never spends more than that on one request.
 */
const MAIN_THREAD_BODY_BYTES = 64 * 1024;
/**
 * Tasks waiting for a thread; beyond this, the newest task of whoever holds the most places, or
 * else the new one, is refused with 503 (the client retries later).
 */
const MAX_WAITING = 256;
/** When a refused client may come back: the queue it found full drains in moments. */
const BUSY_RETRY_AFTER_SECONDS = 2;

const busy = () => new BusyError('The server is busy checking answers; try again shortly', BUSY_RETRY_AFTER_SECONDS);

export interface AnswersChecker {
  /**
   * The validated payload with every answer sanitized; 400 when it is not one. Its nesting was
   * checked as it arrived. `sender` is where it came from (`addressBlock`): the pool's waiting
   * line is shared fairly between senders.
   */
  check(body: Buffer, sender: string): Promise<AnswersPayload>;
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

interface Waiting {
  task: AnswersTask;
  resolve: (result: AnswersTaskResult) => void;
  reject: (error: unknown) => void;
}

/**
 * Sanitizing runs in a pool of worker threads (piscina), one fewer than the cores so the event
 * loop keeps one; a hostile answer then costs a pool thread, bounded by the shape limits, never
 * the server's attention to everyone else.
 *
 * Tasks wait for a thread in a line of our own rather than piscina's, shared fairly between
 * senders (`FairQueue`): anyone may open sessions through a test's open link and send answers that
 * all go to the pool, and in one first-come line they would keep it full, so that every candidate
 * whose answers need the pool (a pasted picture) would be refused for as long as they kept on.
 */
export function createAnswersChecker(): AnswersChecker {
  const threads = Math.max(1, Math.min(4, os.availableParallelism() - 1));
  const pool = new Piscina<AnswersTask, AnswersTaskResult>({
    ...poolWorker('answers/answers.worker'),
    minThreads: 1,
    maxThreads: threads,
  });
  const waiting = new FairQueue<Waiting>();
  let running = 0;

  function startWaiting(): void {
    while (running < threads) {
      const next = waiting.shift();
      if (!next) return;
      running += 1;
      // A large body owns its memory (Buffer.concat gave it its own): handed over, not copied.
      const bytes = 'body' in next.task ? next.task.body : undefined;
      const owned = bytes && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
      pool
        .run(next.task, owned ? { transferList: [bytes.buffer as ArrayBuffer] } : {})
        .then(next.resolve, next.reject)
        .finally(() => {
          running -= 1;
          startWaiting();
        });
    }
  }

  function run(task: AnswersTask, sender: string): Promise<AnswersTaskResult> {
    return new Promise((resolve, reject) => {
      if (waiting.size >= MAX_WAITING) {
        const displaced = waiting.makeRoomFor(sender);
        if (!displaced) throw busy();
        displaced.reject(busy());
      }
      waiting.push(sender, { task, resolve, reject });
      startWaiting();
    });
  }

  return {
    async check(body, sender) {
      if (body.length > MAIN_THREAD_BODY_BYTES) {
        const result = await run({ body }, sender);
        if (!result.ok) throw refusal(result);
        if ('payload' in result) return result.payload;
        throw new Error('The answers pool answered a body with answers only');
      }
      const payload = parseOrRefuse(answersSchema, parseJson(body));
      const fast = canonicalAnswers(payload.answers);
      if (fast.every((answer) => answer !== undefined)) return { ...payload, answers: fast as ThreeAnswers };
      const result = await run({ answers: payload.answers }, sender);
      if (!result.ok) throw refusal(result);
      if ('answers' in result) return { ...payload, answers: result.answers };
      throw new Error('The answers pool answered answers with a payload');
    },
    async close() {
      // Nothing waits on a pool that is going away: those clients retry on another instance.
      for (let left = waiting.shift(); left; left = waiting.shift()) left.reject(busy());
      await pool.destroy();
    },
  };
}
