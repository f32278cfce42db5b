import { ANSWER_MAX_BYTES, ANSWERS_TOTAL_MAX_BYTES, utf8Length } from '@assessment/core';
import { type QuestionNumber, threeAnswers, withAnswer } from './quiz-progress.ts';

/** Room kept free for the JSON around the answers and the proctoring record. */
const MARGIN_BYTES = 4000;

/** Bytes of HTML answer `index` may still grow by, for a picture, with room to spare. */
export function pictureRoom(answers: readonly string[], index: QuestionNumber): number {
  const three = threeAnswers(answers);
  const total = three.reduce((sum, html) => sum + utf8Length(html), 0);
  return Math.min(ANSWER_MAX_BYTES - utf8Length(three[index]), ANSWERS_TOTAL_MAX_BYTES - total) - MARGIN_BYTES;
}

/**
 * How many bytes `html`, as answer `index` beside the others, is over what the server takes (one
 * answer, or the three together); 0 when it fits. A save over it would be refused whole, the other
 * answers with it.
 */
export function bytesOverLimit(answers: readonly string[], index: QuestionNumber, html: string): number {
  const three = withAnswer(answers, index, html);
  const total = three.reduce((sum, answer) => sum + utf8Length(answer), 0);
  return Math.max(0, utf8Length(html) - ANSWER_MAX_BYTES, total - ANSWERS_TOTAL_MAX_BYTES);
}
