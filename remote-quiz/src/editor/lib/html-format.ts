import { type HtmlElement, type HtmlNode, parseHtml } from './html-parser.ts';
import { isAllowedImageSrc } from './images.ts';
import { allowedLinkUrl } from './links.ts';
import {
  type AnswerDocument,
  type BlockElement,
  FONTS,
  type Font,
  type FormattedText,
  type InlineNode,
  type ListElement,
  type ListType,
  MAX_INDENT,
  SIZES,
  type TextBlockElement,
  type TextBlockType,
} from './types.ts';

/**
 * Answers are kept as HTML in the elements and Quill class names agreed with the server (answer
 * HTML in @assessment/core): p, h1, h2, blockquote, ol/ul/li, strong, em, u, s, a, img, br, and
 * spans with `ql-font-*` / `ql-size-*`; blocks carry `ql-indent-1` to `ql-indent-8`.
 *
 * A block's last line break is written as one extra `<br>` (an empty block is `<p><br></p>`, as in
 * Quill) and one is dropped when reading, so every document the toolbar can make reads back the same.
 */

export type Marks = Omit<FormattedText, 'text'>;

const BLOCK_TAGS: Record<TextBlockType, string> = {
  paragraph: 'p',
  'heading-one': 'h1',
  'heading-two': 'h2',
  'block-quote': 'blockquote',
  'list-item': 'li',
};

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function emptyDocument(): AnswerDocument {
  return [{ type: 'paragraph', children: [{ text: '' }] }];
}

function isText(node: InlineNode): node is FormattedText {
  return 'text' in node && !('type' in node);
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

function serializeBlock(block: BlockElement): string {
  if (isList(block)) {
    const tag = block.type === 'numbered-list' ? 'ol' : 'ul';
    return `<${tag}>${block.children.map(serializeTextBlock).join('')}</${tag}>`;
  }
  return serializeTextBlock(block);
}

/** The HTML kept for an answer; an untouched editor (one empty paragraph) is the empty string. */
export function serializeAnswer(document: AnswerDocument): string {
  const [only] = document;
  if (document.length === 1 && only?.type === 'paragraph' && !only.indent && blockIsEmpty(only as TextBlockElement)) {
    return '';
  }
  return document.map(serializeBlock).join('');
}

type Mode = 'stored' | 'pasted';

interface Context {
  marks: Marks;
  /** The `<a>` being read and its allowed address. */
  link?: { url: string; anchor: HtmlElement };
  quote: boolean;
  list?: { type: ListType; depth: number };
  /** Inside a list item: nested paragraphs continue the item on a new line. */
  inItem: boolean;
  /** Whitespace is kept as typed (stored answers, <pre>). */
  keepSpace: boolean;
}

interface PendingBlock {
  type: TextBlockType;
  indent: number;
  list?: ListType;
  /** Written as a block element (kept even when empty), not text loose in a container. */
  explicit: boolean;
  /** Preformatted: its spaces are content. */
  keepSpace?: boolean;
  children: InlineNode[];
}

/** Never content: what they hold is not part of the text a candidate meant to paste. */
const DROPPED_TAGS = new Set([
  'head',
  'meta',
  'link',
  'template',
  'noscript',
  'svg',
  'math',
  'select',
  'option',
  'input',
  'button',
  'object',
  'embed',
  'video',
  'audio',
  'canvas',
  'map',
  'hr',
]);

const CONTAINER_TAGS = new Set([
  'div',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'aside',
  'nav',
  'figure',
  'figcaption',
  'address',
  'dl',
  'dt',
  'dd',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'caption',
  'center',
  'form',
  'fieldset',
  'details',
  'summary',
]);

const MONOSPACE_TAGS = new Set(['code', 'kbd', 'samp', 'tt', 'var']);

function indentFromClass(element: HtmlElement): number {
  const match = /(?:^|\s)ql-indent-(\d+)(?:\s|$)/.exec(element.attrs.class ?? '');
  return match ? Number(match[1]) : 0;
}

function clampIndent(indent: number): number {
  return Math.max(0, Math.min(MAX_INDENT, Math.floor(indent)));
}

function styleMarks(element: HtmlElement, marks: Marks): Marks {
  const next: Marks = { ...marks };
  const classes = (element.attrs.class ?? '').split(/\s+/);
  for (const font of FONTS) if (classes.includes(`ql-font-${font}`)) next.font = font;
  for (const size of SIZES) if (classes.includes(`ql-size-${size}`)) next.size = size;

  const style = (element.attrs.style ?? '').toLowerCase();
  if (style === '') return next;
  const property = (name: string) => new RegExp(`(?:^|;)\\s*${name}\\s*:\\s*([^;]+)`).exec(style)?.[1]?.trim();
  const weight = property('font-weight');
  if (weight !== undefined) {
    if (/^(bold|bolder|[6-9]00)/.test(weight)) next.bold = true;
    else if (/^(normal|lighter|[1-5]00)/.test(weight)) delete next.bold;
  }
  const fontStyle = property('font-style');
  if (fontStyle !== undefined) {
    if (/^(italic|oblique)/.test(fontStyle)) next.italic = true;
    else if (fontStyle.startsWith('normal')) delete next.italic;
  }
  const decoration = property('text-decoration-line') ?? property('text-decoration');
  if (decoration?.includes('underline')) next.underline = true;
  if (decoration?.includes('line-through')) next.strike = true;
  const family = property('font-family');
  if (family !== undefined) {
    const font = fontFromFamily(family);
    if (font) next.font = font;
  }
  return next;
}

function fontFromFamily(family: string): Font | undefined {
  if (/monospace|courier|consolas|menlo|monaco|source code|mono\b/.test(family)) return 'monospace';
  if (/(^|[\s,"'])serif|times|georgia|garamond|cambria|palatino/.test(family.replace(/sans-serif/g, ''))) {
    return 'serif';
  }
  return undefined;
}

function tagMarks(tag: string, marks: Marks): Marks {
  switch (tag) {
    case 'b':
    case 'strong':
      return { ...marks, bold: true };
    case 'i':
    case 'em':
    case 'cite':
    case 'dfn':
      return { ...marks, italic: true };
    case 'u':
    case 'ins':
      return { ...marks, underline: true };
    case 's':
    case 'strike':
    case 'del':
      return { ...marks, strike: true };
    default:
      return MONOSPACE_TAGS.has(tag) ? { ...marks, font: 'monospace' } : marks;
  }
}

function sameMarks(a: Marks, b: Marks): boolean {
  return (
    a.bold === b.bold &&
    a.italic === b.italic &&
    a.underline === b.underline &&
    a.strike === b.strike &&
    a.font === b.font &&
    a.size === b.size
  );
}

function marksOf(leaf: FormattedText): Marks {
  const { text: _text, ...marks } = leaf;
  return marks;
}

function makeText(text: string, marks: Marks): FormattedText {
  const leaf: FormattedText = { text };
  if (marks.bold) leaf.bold = true;
  if (marks.italic) leaf.italic = true;
  if (marks.underline) leaf.underline = true;
  if (marks.strike) leaf.strike = true;
  if (marks.font) leaf.font = marks.font;
  if (marks.size) leaf.size = marks.size;
  return leaf;
}

/** Adjacent texts with the same marks become one, and empty ones go. */
function mergeTexts(leaves: FormattedText[]): FormattedText[] {
  const merged: FormattedText[] = [];
  for (const leaf of leaves) {
    if (leaf.text === '') continue;
    const previous = merged[merged.length - 1];
    if (previous && sameMarks(marksOf(previous), marksOf(leaf)))
      merged[merged.length - 1] = { ...previous, text: previous.text + leaf.text };
    else merged.push(leaf);
  }
  return merged;
}

/** Adjacent texts merged and empty ones dropped, links kept whole (an empty link goes). */
function mergeRuns(children: InlineNode[]): InlineNode[] {
  const grouped: InlineNode[] = [];
  let run: FormattedText[] = [];
  const endRun = () => {
    grouped.push(...mergeTexts(run));
    run = [];
  };
  for (const child of children) {
    if (isText(child)) {
      run.push(child);
      continue;
    }
    endRun();
    if (child.type === 'link') {
      const text = mergeTexts(child.children);
      if (text.length > 0) grouped.push({ ...child, children: text });
    } else {
      grouped.push(child);
    }
  }
  endRun();
  return grouped;
}

/**
 * The children of a block in Slate's normal form: merged texts, a text on both sides of every link
 * or image, at least one text. The block's final line break (the filler) is removed here.
 */
function normalizeInlines(children: InlineNode[]): InlineNode[] {
  const grouped = mergeRuns(children);
  const last = grouped[grouped.length - 1];
  if (last && isText(last) && last.text.endsWith('\n')) {
    const trimmed = last.text.slice(0, -1);
    if (trimmed === '') grouped.pop();
    else grouped[grouped.length - 1] = { ...last, text: trimmed };
  }

  const result: InlineNode[] = [];
  for (const node of grouped) {
    const previous = result[result.length - 1];
    if (!isText(node) && (previous === undefined || !isText(previous))) result.push({ text: '' });
    result.push(node);
  }
  const end = result[result.length - 1];
  if (end === undefined || !isText(end)) result.push({ text: '' });
  return result;
}

/** Pasted text flows like a web page's: runs of spaces become one, none at the edges of a line. */
function tidyPastedSpaces(children: InlineNode[]): InlineNode[] {
  const trimmed = mergeRuns(children).map((child) =>
    isText(child) ? { ...child, text: child.text.replace(/ *\n */g, '\n') } : child,
  );
  const first = trimmed.find(isText);
  if (first && trimmed[0] === first) trimmed[0] = { ...first, text: first.text.replace(/^ +/, '') };
  const lastIndex = trimmed.length - 1;
  const last = trimmed[lastIndex];
  if (last && isText(last)) trimmed[lastIndex] = { ...last, text: last.text.replace(/ +$/, '') };
  return trimmed;
}

function hasContent(children: InlineNode[]): boolean {
  return children.some((child) => !isText(child) || child.text !== '');
}

function deserialize(html: string, mode: Mode): AnswerDocument {
  const blocks: PendingBlock[] = [];
  let current: PendingBlock | null = null;
  // Texts of one <a> (split by marks) share one link; two neighbouring <a>s stay two links.
  const anchors = new WeakMap<InlineNode, HtmlElement>();

  function finish(): void {
    if (!current) return;
    const block = current;
    current = null;
    if (mode === 'pasted' && !block.keepSpace) block.children = tidyPastedSpaces(block.children);
    if (block.explicit || hasContent(block.children)) blocks.push(block);
  }

  function open(context: Context): PendingBlock {
    if (current) return current;
    const list = context.list;
    current = {
      type: list ? 'list-item' : context.quote ? 'block-quote' : 'paragraph',
      indent: list ? clampIndent(list.depth - 1) : 0,
      explicit: false,
      children: [],
      ...(list ? { list: list.type } : {}),
    };
    return current;
  }

  function appendInline(node: InlineNode, context: Context): void {
    const block = open(context);
    const link = context.link;
    if (link !== undefined && isText(node)) {
      const last = block.children[block.children.length - 1];
      if (last && !isText(last) && last.type === 'link' && anchors.get(last) === link.anchor) {
        last.children.push(node);
      } else {
        const element: InlineNode = { type: 'link', url: link.url, children: [node] };
        anchors.set(element, link.anchor);
        block.children.push(element);
      }
      return;
    }
    block.children.push(node);
  }

  function visitText(text: string, context: Context, parent: HtmlElement): void {
    if (context.keepSpace) {
      if (
        current === null &&
        /^\s*$/.test(text) &&
        (parent.tag === '#root' || parent.tag === 'ol' || parent.tag === 'ul')
      ) {
        return;
      }
      appendInline(makeText(text, context.marks), context);
      return;
    }
    const collapsed = text.replace(/[ \t\n\r\f]+/g, ' ');
    if (collapsed === ' ' && (current === null || !hasContent(current.children))) return;
    appendInline(makeText(collapsed, context.marks), context);
  }

  function startBlock(type: TextBlockType, indent: number, list?: ListType, keepSpace = false): void {
    finish();
    current = {
      keepSpace,
      type,
      indent: type === 'block-quote' ? 0 : clampIndent(indent),
      explicit: true,
      children: [],
      ...(list ? { list } : {}),
    };
  }

  function visitChildren(element: HtmlElement, context: Context): void {
    for (const child of element.children) visit(child, context, element);
  }

  function visitBlockInItem(element: HtmlElement, context: Context): void {
    // A paragraph inside a list item (Google Docs writes <li><p>…</p></li>) stays in the item.
    const block = current;
    if (block && hasContent(block.children)) appendInline(makeText('\n', {}), context);
    visitChildren(element, context);
  }

  function visit(node: HtmlNode, context: Context, parent: HtmlElement): void {
    if (node.kind === 'text') {
      visitText(node.text, context, parent);
      return;
    }
    const { tag } = node;
    if (DROPPED_TAGS.has(tag)) return;
    const marked: Context = { ...context, marks: styleMarks(node, tagMarks(tag, context.marks)) };

    if (tag === 'br') {
      appendInline(makeText('\n', marked.marks), marked);
      return;
    }
    if (tag === 'img') {
      if (isAllowedImageSrc(node.attrs.src)) {
        appendInline({ type: 'image', src: node.attrs.src, children: [{ text: '' }] }, marked);
      }
      return;
    }
    if (tag === 'a') {
      const url = allowedLinkUrl(node.attrs.href);
      visitChildren(node, url === undefined ? marked : { ...marked, link: { url, anchor: node } });
      return;
    }
    if (tag === 'ul' || tag === 'ol') {
      finish();
      const type: ListType = tag === 'ol' ? 'numbered-list' : 'bulleted-list';
      visitChildren(node, { ...marked, inItem: false, list: { type, depth: (context.list?.depth ?? 0) + 1 } });
      finish();
      return;
    }
    if (tag === 'li') {
      const quillList = node.attrs['data-list'];
      const type: ListType =
        quillList === 'bullet'
          ? 'bulleted-list'
          : quillList === 'ordered'
            ? 'numbered-list'
            : (context.list?.type ?? 'bulleted-list');
      const depth = context.list?.depth ?? 1;
      startBlock('list-item', depth - 1 + indentFromClass(node), type);
      visitChildren(node, { ...marked, inItem: true, list: { type, depth } });
      finish();
      return;
    }

    const isHeading = /^h[1-6]$/.test(tag);
    if (tag === 'p' || isHeading || tag === 'pre' || tag === 'blockquote' || CONTAINER_TAGS.has(tag)) {
      if (context.inItem) {
        visitBlockInItem(node, tag === 'pre' ? { ...marked, keepSpace: true } : marked);
        return;
      }
      if (tag === 'blockquote') {
        finish();
        visitChildren(node, { ...marked, quote: true });
        finish();
        return;
      }
      if (CONTAINER_TAGS.has(tag)) {
        finish();
        visitChildren(node, marked);
        finish();
        return;
      }
      const type: TextBlockType = isHeading
        ? tag === 'h1'
          ? 'heading-one'
          : 'heading-two'
        : context.quote
          ? 'block-quote'
          : context.list
            ? 'list-item'
            : 'paragraph';
      startBlock(type, indentFromClass(node), context.list?.type, tag === 'pre');
      visitChildren(
        node,
        tag === 'pre' ? { ...marked, keepSpace: true, marks: { ...marked.marks, font: 'monospace' } } : marked,
      );
      finish();
      return;
    }
    if (tag === 'td' || tag === 'th') {
      if (current && hasContent(current.children)) appendInline(makeText(' ', marked.marks), marked);
      visitChildren(node, marked);
      return;
    }
    visitChildren(node, marked);
  }

  const root = parseHtml(html);
  const context: Context = { marks: {}, quote: false, inItem: false, keepSpace: mode === 'stored' };
  visitChildren(root, context);
  finish();

  const document: AnswerDocument = [];
  for (const block of blocks) {
    const element: TextBlockElement = { type: block.type, children: normalizeInlines(block.children) };
    if (block.indent > 0) element.indent = block.indent;
    if (block.type === 'list-item' && block.list) {
      const previous = document[document.length - 1];
      if (previous && previous.type === block.list) previous.children.push(element);
      else document.push({ type: block.list, children: [element] });
    } else {
      document.push(element);
    }
  }
  return document.length > 0 ? document : emptyDocument();
}

/** Reads an answer the editor saved before (this browser's `answers`). */
export function deserializeAnswer(html: string): AnswerDocument {
  return deserialize(html, 'stored');
}

/** Pasted HTML, cleaned to the editor's formats: other tags, styles, scripts and unsafe links go. */
export function cleanPastedHtml(html: string): AnswerDocument {
  return deserialize(html, 'pasted');
}
