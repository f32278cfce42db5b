import type { AnswerDocument, FormattedText, InlineNode } from './types.ts';

export function isText(node: InlineNode): node is FormattedText {
  return 'text' in node && !('type' in node);
}

/** What an untouched editor holds: one empty paragraph. */
export function emptyDocument(): AnswerDocument {
  return [{ type: 'paragraph', children: [{ text: '' }] }];
}
