import { deserializeAnswer } from './html-deserialize.ts';
import type { AnswerDocument, AnswerElement, FormattedText } from './types.ts';

/**
 * A question counts as answered when it holds some text that is not only spaces, or a picture:
 * an empty paragraph (`<p><br></p>`) or a lone heading with nothing in it is not an answer.
 */
export function isDocumentAnswered(document: AnswerDocument): boolean {
  const holdsAnswer = (node: AnswerElement | FormattedText): boolean =>
    'text' in node ? node.text.trim() !== '' : node.type === 'image' || node.children.some(holdsAnswer);
  return document.some(holdsAnswer);
}

/**
 * Answers already judged, oldest first. Reading a long answer's HTML back takes milliseconds, and
 * the answered count is asked for after every save; the three current answers and the ones the
 * last saves replaced are enough to keep.
 */
const judged = new Map<string, boolean>();
const JUDGED_KEPT = 6;

function remember(html: string, answered: boolean): boolean {
  judged.delete(html);
  judged.set(html, answered);
  for (const oldest of judged.keys()) {
    if (judged.size <= JUDGED_KEPT) break;
    judged.delete(oldest);
  }
  return answered;
}

export function isAnswered(html: string): boolean {
  if (html.trim() === '') return false;
  return judged.get(html) ?? remember(html, isDocumentAnswered(deserializeAnswer(html)));
}

/**
 * The editor has just written `document` as `html`: it is judged from the document (which stops at
 * the first word) rather than by reading the HTML back, since every document reads back the same.
 */
export function noteAnswered(html: string, document: AnswerDocument): void {
  remember(html, isDocumentAnswered(document));
}
