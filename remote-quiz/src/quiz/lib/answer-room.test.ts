import { ANSWER_MAX_BYTES, ANSWERS_TOTAL_MAX_BYTES } from '@assessment/core';
import { describe, expect, it } from 'vitest';
import { bytesOverLimit, pictureRoom } from './answer-room.ts';

const text = (bytes: number) => `<p>${'a'.repeat(bytes - 7)}</p>`;

describe('bytesOverLimit', () => {
  it('is 0 for an answer that fits, however the others stand', () => {
    expect(bytesOverLimit(['', '', ''], 0, text(ANSWER_MAX_BYTES))).toBe(0);
    expect(bytesOverLimit([text(300_000), text(300_000)], 2, text(300_000))).toBe(0);
  });

  it('counts the bytes over one answer’s limit, and over the three together', () => {
    expect(bytesOverLimit(['', '', ''], 1, text(ANSWER_MAX_BYTES + 10))).toBe(10);
    expect(bytesOverLimit([text(350_000), text(350_000)], 2, text(ANSWERS_TOTAL_MAX_BYTES - 700_000 + 25))).toBe(25);
  });

  it('counts multi-byte characters as the server does, in UTF-8 bytes', () => {
    expect(bytesOverLimit([], 0, `<p>${'é'.repeat(ANSWER_MAX_BYTES / 2)}</p>`)).toBe(7);
  });
});

describe('pictureRoom', () => {
  it('leaves room for the JSON around the answers', () => {
    expect(pictureRoom(['', '', ''], 0)).toBe(ANSWER_MAX_BYTES - 4000);
    expect(pictureRoom([text(400_000), text(400_000)], 2)).toBe(ANSWERS_TOTAL_MAX_BYTES - 800_000 - 4000);
  });
});
