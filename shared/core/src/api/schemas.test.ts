import { describe, expect, it } from 'vitest';
import { emptyProctoring } from './proctoring.ts';
import { ANSWER_MAX_BYTES, ANSWERS_TOTAL_MAX_BYTES, answersSchema, utf8Length, utf8LengthAtMost } from './schemas.ts';

const payload = (answers: [string, string, string]) => ({
  unique: 'abcdefghijklmnopqrstuv',
  data: 'thd0wtfl',
  answers,
  proctoring: emptyProctoring(),
  revision: 1,
  savedAt: 1_700_000_000_000,
  final: false,
});

/** What the server answers when an answer payload is refused: the first problem's message. */
const problemOf = (answers: [string, string, string]) => {
  const result = answersSchema.safeParse(payload(answers));
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('utf8LengthAtMost', () => {
  it('counts bytes, not characters, wherever a text is near the limit', () => {
    for (const text of ['', 'plain', 'é'.repeat(5), '€'.repeat(5), '😀'.repeat(5), '\ud800 lone', 'a😀é€']) {
      for (let max = 0; max <= 25; max += 1) {
        expect(utf8LengthAtMost(text, max), `${JSON.stringify(text)} within ${max}`).toBe(utf8Length(text) <= max);
        expect(utf8LengthAtMost([text, text], max), `twice ${JSON.stringify(text)} within ${max}`).toBe(
          2 * utf8Length(text) <= max,
        );
      }
    }
  });
});

describe('the answers payload', () => {
  it('takes an answer of exactly the most bytes, counted in UTF-8, and refuses one byte more', () => {
    const atLimit = 'é'.repeat(ANSWER_MAX_BYTES / 2);
    expect(problemOf([atLimit, '', ''])).toBeUndefined();
    expect(problemOf([`${atLimit}a`, '', ''])).toBe(`must be at most ${ANSWER_MAX_BYTES} bytes of HTML`);
  });

  it('refuses three answers that together pass the most bytes, each within its own limit', () => {
    const third = ANSWERS_TOTAL_MAX_BYTES / 3;
    const answer = '€'.repeat(third / 3);
    expect(problemOf([answer, answer, answer])).toBeUndefined();
    expect(problemOf([answer, answer, `${answer}a`])).toBe(
      `must be at most ${ANSWERS_TOTAL_MAX_BYTES} bytes of HTML together`,
    );
  });
});
