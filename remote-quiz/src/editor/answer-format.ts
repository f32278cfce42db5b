/** The answer document and its HTML, without the editor around them: for tools that check what the editor writes. */
export { cleanPastedHtml, deserializeAnswer } from './lib/html-deserialize.ts';
export { serializeAnswer } from './lib/html-serialize.ts';
export type {
  AnswerDocument,
  BlockElement,
  FormattedText,
  InlineNode,
  TextBlockElement,
  TextBlockType,
} from './lib/types.ts';
