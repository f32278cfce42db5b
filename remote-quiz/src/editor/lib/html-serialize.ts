import { isText } from './answer-document.ts';
import type {
  AnswerDocument,
  BlockElement,
  FormattedText,
  InlineNode,
  ListElement,
  TextBlockElement,
  TextBlockType,
} from './types.ts';

/**
 * Answers are kept as HTML in the elements and Quill class names agreed with the server (answer
 * HTML in @assessment/core): p, h1, h2, blockquote, ol/ul/li, strong, em, u, s, a, img, br, and
 * spans with `ql-font-*` / `ql-size-*`; blocks carry `ql-indent-1` to `ql-indent-8`.
 *
 * A block's last line break is written as one extra `<br>` (an empty block is `<p><br></p>`, as in
 * Quill) and one is dropped when reading (html-deserialize.ts), so every document the toolbar can
 * make reads back the same.
 */

const BLOCK_TAGS: Record<TextBlockType, string> = {
  paragraph: 'p',
  'heading-one': 'h1',
  'heading-two': 'h2',
  'block-quote': 'blockquote',
  'list-item': 'li',
};

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function serializeText(leaf: FormattedText): string {
  if (leaf.text === '') return '';
  let html = escapeHtml(leaf.text).replace(/\n/g, '<br>');
  if (leaf.strike) html = `<s>${html}</s>`;
  if (leaf.underline) html = `<u>${html}</u>`;
  if (leaf.italic) html = `<em>${html}</em>`;
  if (leaf.bold) html = `<strong>${html}</strong>`;
  const classes = [leaf.font && `ql-font-${leaf.font}`, leaf.size && `ql-size-${leaf.size}`].filter(Boolean);
  return classes.length > 0 ? `<span class="${classes.join(' ')}">${html}</span>` : html;
}

function serializeInline(node: InlineNode): string {
  if (isText(node)) return serializeText(node);
  if (node.type === 'image') return `<img src="${escapeHtml(node.src)}">`;
  return `<a href="${escapeHtml(node.url)}">${node.children.map(serializeText).join('')}</a>`;
}

function blockIsEmpty(block: TextBlockElement): boolean {
  return block.children.every((child) => isText(child) && child.text === '');
}

function serializeTextBlock(block: TextBlockElement): string {
  const tag = BLOCK_TAGS[block.type];
  const indent = block.type !== 'block-quote' && block.indent ? ` class="ql-indent-${block.indent}"` : '';
  const last = block.children[block.children.length - 1];
  const filler = blockIsEmpty(block) || (last !== undefined && isText(last) && last.text.endsWith('\n'));
  return `<${tag}${indent}>${block.children.map(serializeInline).join('')}${filler ? '<br>' : ''}</${tag}>`;
}

function isList(block: BlockElement): block is ListElement {
  return block.type === 'numbered-list' || block.type === 'bulleted-list';
}

function writeBlock(block: BlockElement): string {
  if (isList(block)) {
    const tag = block.type === 'numbered-list' ? 'ol' : 'ul';
    return `<${tag}>${block.children.map(serializeTextBlock).join('')}</${tag}>`;
  }
  return serializeTextBlock(block);
}

/**
 * Slate never changes a node in place: an edit replaces the node and its ancestors and keeps every
 * other node as it was. So a block that is the same object as at the last save writes the same
 * HTML, and an autosave of a long answer writes only the block being typed in.
 */
const writtenBlocks = new WeakMap<BlockElement, string>();

function serializeBlock(block: BlockElement): string {
  let html = writtenBlocks.get(block);
  if (html === undefined) {
    html = writeBlock(block);
    writtenBlocks.set(block, html);
  }
  return html;
}

/** The HTML kept for an answer; an untouched editor (one empty paragraph) is the empty string. */
export function serializeAnswer(document: AnswerDocument): string {
  const [only] = document;
  if (document.length === 1 && only?.type === 'paragraph' && !only.indent && blockIsEmpty(only as TextBlockElement)) {
    return '';
  }
  return document.map(serializeBlock).join('');
}
