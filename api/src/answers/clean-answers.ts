import { answersSchema } from '@assessment/core';
import type { z } from 'zod';
import { describeZodError } from '../http/errors.ts';
import { answerShapeProblem } from './answer-shape.ts';
import { canonicalAnswer } from './canonical-answer.ts';
import { sanitizeAnswer } from './sanitize.ts';

export type AnswersPayload = z.output<typeof answersSchema>;
export type ThreeAnswers = AnswersPayload['answers'];

/** Why answers are refused (400); `hostile` when no editor of the product writes them (`ShapeProblem`). */
export interface AnswersRefusal {
  error: string;
  hostile?: true;
}

/** What checking answers gives: the payload with its answers sanitized, or why it is refused. */
export type AnswersCheck = { ok: true; payload: AnswersPayload } | ({ ok: false } & AnswersRefusal);

/** The sanitized form of each answer the editor wrote, and undefined for any other. */
export function canonicalAnswers(answers: ThreeAnswers): (string | undefined)[] {
  return answers.map(canonicalAnswer);
}

/**
 * Every answer sanitized: the editor's own HTML by the fast path, anything else by sanitize-html
 * once it is known to be no deeper and no larger than the editor writes. CPU-heavy on hostile
 * input, so the server runs it in its worker pool.
 */
export function cleanAnswers(answers: ThreeAnswers): { answers: ThreeAnswers } | AnswersRefusal {
  const clean: string[] = [];
  for (const [index, html] of answers.entries()) {
    const canonical = canonicalAnswer(html);
    if (canonical !== undefined) {
      clean.push(canonical);
      continue;
    }
    const problem = answerShapeProblem(html);
    if (problem) {
      const error = `answers.${index}: ${problem.message}`;
      return problem.hostile ? { error, hostile: true } : { error };
    }
    clean.push(sanitizeAnswer(html));
  }
  return { answers: clean as ThreeAnswers };
}

/** A whole request body, from its bytes: JSON, then the schema, then the answers. */
export function checkAnswersBody(body: Uint8Array): AnswersCheck {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(body));
  } catch {
    return { ok: false, error: 'body: must be JSON' };
  }
  const result = answersSchema.safeParse(parsed);
  if (!result.success) return { ok: false, error: describeZodError(result.error) };
  const cleaned = cleanAnswers(result.data.answers);
  return 'error' in cleaned ? { ok: false, ...cleaned } : { ok: true, payload: { ...result.data, ...cleaned } };
}
