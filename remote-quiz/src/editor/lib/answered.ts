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

export function isAnswered(html: string): boolean {
  return html.trim() !== '' && isDocumentAnswered(deserializeAnswer(html));
}
