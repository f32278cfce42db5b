import { describe, expect, it } from 'vitest';
import { hasAnswerContent } from './answer-content.ts';

describe('an answer with content', () => {
  it('has text or a picture', () => {
    expect(hasAnswerContent('<p>Hello</p>')).toBe(true);
    expect(hasAnswerContent('<p><img src="data:image/png;base64,AA=="></p>')).toBe(true);
  });

  it('is not empty paragraphs or spaces', () => {
    for (const empty of ['', '<p></p>', '<p><br></p>', '<p>&nbsp; </p><p></p>']) {
      expect(hasAnswerContent(empty)).toBe(false);
    }
  });
});
