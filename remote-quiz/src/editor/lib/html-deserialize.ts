import { emptyDocument, isText } from './answer-document.ts';
import { type Marks, makeText, styleMarks, tagMarks } from './html-marks.ts';
import { type HtmlElement, type HtmlNode, parseHtml } from './html-parser.ts';
import { isAllowedImageSrc } from './images.ts';
import { hasContent, normalizeInlines, tidyPastedSpaces } from './inline-runs.ts';
import { allowedLinkUrl } from './links.ts';
import {
  type AnswerDocument,
  type InlineNode,
  type ListType,
  MAX_INDENT,
  type TextBlockElement,
  type TextBlockType,
} from './types.ts';

/**
 * Reading HTML into an answer document: an answer this editor saved (html-serialize.ts writes it),
 * or whatever a candidate pastes, cleaned to the editor's formats.
 */

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

function indentFromClass(element: HtmlElement): number {
  const match = /(?:^|\s)ql-indent-(\d+)(?:\s|$)/.exec(element.attrs.class ?? '');
  return match ? Number(match[1]) : 0;
}

function clampIndent(indent: number): number {
  return Math.max(0, Math.min(MAX_INDENT, Math.floor(indent)));
}

function isBlockTag(tag: string): boolean {
  return tag === 'p' || /^h[1-6]$/.test(tag) || tag === 'pre' || tag === 'blockquote' || CONTAINER_TAGS.has(tag);
}

/** `<li>` knows its list from its parent, or from Quill's `data-list` when pasted from a Quill editor. */
function listItemType(item: HtmlElement, context: Context): ListType {
  const quillList = item.attrs['data-list'];
  if (quillList === 'bullet') return 'bulleted-list';
  if (quillList === 'ordered') return 'numbered-list';
  return context.list?.type ?? 'bulleted-list';
}

/**
 * Walks the HTML tree once, collecting text into blocks. A block opens when an element starts one
 * (or when text turns up outside any) and closes at the next block boundary.
 */
class AnswerReader {
  private readonly blocks: PendingBlock[] = [];
  private current: PendingBlock | null = null;
  /** Texts of one <a> (split by marks) share one link; two neighbouring <a>s stay two links. */
  private readonly anchors = new WeakMap<InlineNode, HtmlElement>();

  constructor(private readonly mode: Mode) {}

  read(html: string): PendingBlock[] {
    const context: Context = { marks: {}, quote: false, inItem: false, keepSpace: this.mode === 'stored' };
    this.visitChildren(parseHtml(html), context);
    this.finish();
    return this.blocks;
  }

  private finish(): void {
    const block = this.current;
    if (!block) return;
    this.current = null;
    if (this.mode === 'pasted' && !block.keepSpace) block.children = tidyPastedSpaces(block.children);
    if (block.explicit || hasContent(block.children)) this.blocks.push(block);
  }

  /** The block text goes into: the open one, or a new one implied by where the text stands. */
  private open(context: Context): PendingBlock {
    if (this.current) return this.current;
    const list = context.list;
    this.current = {
      type: list ? 'list-item' : context.quote ? 'block-quote' : 'paragraph',
      indent: list ? clampIndent(list.depth - 1) : 0,
      explicit: false,
      children: [],
      ...(list ? { list: list.type } : {}),
    };
    return this.current;
  }

  private startBlock(type: TextBlockType, indent: number, list?: ListType, keepSpace = false): void {
    this.finish();
    this.current = {
      keepSpace,
      type,
      indent: type === 'block-quote' ? 0 : clampIndent(indent),
      explicit: true,
      children: [],
      ...(list ? { list } : {}),
    };
  }

  private appendInline(node: InlineNode, context: Context): void {
    const block = this.open(context);
    const link = context.link;
    if (link === undefined || !isText(node)) {
      block.children.push(node);
      return;
    }
    const last = block.children[block.children.length - 1];
    if (last && !isText(last) && last.type === 'link' && this.anchors.get(last) === link.anchor) {
      last.children.push(node);
      return;
    }
    const element: InlineNode = { type: 'link', url: link.url, children: [node] };
    this.anchors.set(element, link.anchor);
    block.children.push(element);
  }

  private visitChildren(element: HtmlElement, context: Context): void {
    for (const child of element.children) this.visit(child, context, element);
  }

  private visit(node: HtmlNode, context: Context, parent: HtmlElement): void {
    if (node.kind === 'text') {
      this.visitText(node.text, context, parent);
      return;
    }
    if (DROPPED_TAGS.has(node.tag)) return;
    const marked: Context = { ...context, marks: styleMarks(node, tagMarks(node.tag, context.marks)) };
    switch (node.tag) {
      case 'br':
        this.appendInline(makeText('\n', marked.marks), marked);
        return;
      case 'img':
        if (isAllowedImageSrc(node.attrs.src)) {
          this.appendInline({ type: 'image', src: node.attrs.src, children: [{ text: '' }] }, marked);
        }
        return;
      case 'a':
        this.visitLink(node, marked);
        return;
      case 'ul':
      case 'ol':
        this.visitList(node, context, marked);
        return;
      case 'li':
        this.visitListItem(node, context, marked);
        return;
      case 'td':
      case 'th':
        this.visitCell(node, marked);
        return;
      default:
        if (isBlockTag(node.tag)) this.visitBlock(node, context, marked);
        else this.visitChildren(node, marked);
    }
  }

  private visitText(text: string, context: Context, parent: HtmlElement): void {
    if (context.keepSpace) {
      const betweenBlocks = parent.tag === '#root' || parent.tag === 'ol' || parent.tag === 'ul';
      if (this.current === null && /^\s*$/.test(text) && betweenBlocks) return;
      this.appendInline(makeText(text, context.marks), context);
      return;
    }
    const collapsed = text.replace(/[ \t\n\r\f]+/g, ' ');
    if (collapsed === ' ' && (this.current === null || !hasContent(this.current.children))) return;
    this.appendInline(makeText(collapsed, context.marks), context);
  }

  private visitLink(anchor: HtmlElement, marked: Context): void {
    const url = allowedLinkUrl(anchor.attrs.href);
    this.visitChildren(anchor, url === undefined ? marked : { ...marked, link: { url, anchor } });
  }

  private visitList(list: HtmlElement, context: Context, marked: Context): void {
    this.finish();
    const type: ListType = list.tag === 'ol' ? 'numbered-list' : 'bulleted-list';
    this.visitChildren(list, { ...marked, inItem: false, list: { type, depth: (context.list?.depth ?? 0) + 1 } });
    this.finish();
  }

  private visitListItem(item: HtmlElement, context: Context, marked: Context): void {
    const type = listItemType(item, context);
    const depth = context.list?.depth ?? 1;
    this.startBlock('list-item', depth - 1 + indentFromClass(item), type);
    this.visitChildren(item, { ...marked, inItem: true, list: { type, depth } });
    this.finish();
  }

  /** A paragraph, heading, preformatted block, quote or container (div, table...). */
  private visitBlock(element: HtmlElement, context: Context, marked: Context): void {
    const { tag } = element;
    if (context.inItem) {
      this.visitBlockInItem(element, tag === 'pre' ? { ...marked, keepSpace: true } : marked);
      return;
    }
    if (tag === 'blockquote' || CONTAINER_TAGS.has(tag)) {
      this.finish();
      this.visitChildren(element, tag === 'blockquote' ? { ...marked, quote: true } : marked);
      this.finish();
      return;
    }
    const type: TextBlockType =
      tag === 'h1'
        ? 'heading-one'
        : /^h[2-6]$/.test(tag)
          ? 'heading-two'
          : context.quote
            ? 'block-quote'
            : context.list
              ? 'list-item'
              : 'paragraph';
    this.startBlock(type, indentFromClass(element), context.list?.type, tag === 'pre');
    this.visitChildren(
      element,
      tag === 'pre' ? { ...marked, keepSpace: true, marks: { ...marked.marks, font: 'monospace' } } : marked,
    );
    this.finish();
  }

  /** A paragraph inside a list item (Google Docs writes <li><p>…</p></li>) stays in the item. */
  private visitBlockInItem(element: HtmlElement, context: Context): void {
    const block = this.current;
    if (block && hasContent(block.children)) this.appendInline(makeText('\n', {}), context);
    this.visitChildren(element, context);
  }

  /** Table cells of one row read as one line, a space between them. */
  private visitCell(cell: HtmlElement, marked: Context): void {
    if (this.current && hasContent(this.current.children)) this.appendInline(makeText(' ', marked.marks), marked);
    this.visitChildren(cell, marked);
  }
}

/** The collected blocks as a Slate document: list items grouped into their lists, inlines normalized. */
function assembleDocument(blocks: PendingBlock[]): AnswerDocument {
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
  return assembleDocument(new AnswerReader('stored').read(html));
}

/** Pasted HTML, cleaned to the editor's formats: other tags, styles, scripts and unsafe links go. */
export function cleanPastedHtml(html: string): AnswerDocument {
  return assembleDocument(new AnswerReader('pasted').read(html));
}
