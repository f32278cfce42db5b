import { isAllowedImageSrc } from '@assessment/core';
import { ANSWER_MAX_DEPTH } from './answer-shape.ts';
import { LINK_URL } from './sanitize.ts';

/**
 * The fast path for answers the quiz editor wrote: a strict, linear reading of exactly the HTML
 * its serializer makes (blocks at the top, list items in lists, links and marks inside them,
 * four entities), written out as sanitize-html writes the same HTML (`<br />`, links with rel and
 * target, `&quot;` in text as `"`). Anything else, however harmless, is not read here: the caller
 * then sanitizes it with sanitize-html. Tests check that whatever this accepts, sanitize-html
 * turns into the very same string.
 */

/** What the editor may write of an element, read once per tag from its name. */
interface Element {
  name: string;
  /** At the top only. */
  block: boolean;
  list: boolean;
  /** May carry an indent class. */
  indented: boolean;
}
const element = (name: string, kind: Partial<Omit<Element, 'name'>>): [string, Element] => [
  name,
  { name, block: false, list: false, indented: false, ...kind },
];
const ELEMENTS = new Map<string, Element>([
  element('p', { block: true, indented: true }),
  element('h1', { block: true, indented: true }),
  element('h2', { block: true, indented: true }),
  element('blockquote', { block: true }),
  element('ol', { block: true, list: true }),
  element('ul', { block: true, list: true }),
  element('li', { indented: true }),
  // Inside a text block: marks, links, breaks, images.
  ...['strong', 'em', 'u', 's', 'span', 'a', 'br', 'img'].map((name) => element(name, {})),
]);
const INDENT_CLASS = /^ql-indent-[1-8]$/;
const SPAN_CLASSES = /^ql-(?:font|size|indent)-[a-z0-9-]+(?: ql-(?:font|size|indent)-[a-z0-9-]+)*$/;
/** The four entities the editor writes in text; any other `&` is not the editor's. */
const TEXT_ENTITIES = ['&amp;', '&lt;', '&gt;', '&quot;'];
const MARKUP_IN_VALUE = /[<>\0]/;
/** Where a character next occurs from a position on (`nextOccurrence`). */
type Next = (from: number) => number;
const OTHER_ENTITY = /&(?!(?:amp|lt|gt|quot);)/;
/** An opening tag sanitize-html writes exactly as the editor did. */
const AS_WRITTEN = Symbol('as written');

const decode = (value: string) =>
  value.replace(
    /&(amp|lt|gt|quot);/g,
    (_entity, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"' })[name] as string,
  );
const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The opening tag as sanitize-html writes it, `AS_WRITTEN` when that is the tag as read (a name
 * alone, or a class the editor writes), or undefined when the editor does not write it.
 */
function openingTag(
  { name, indented }: Element,
  attribute: string | undefined,
  value: string | undefined,
): string | typeof AS_WRITTEN | undefined {
  if (value !== undefined && OTHER_ENTITY.test(value)) return undefined;
  if (name === 'br') return attribute === undefined ? '<br />' : undefined;
  if (name === 'img') {
    const src = value === undefined ? undefined : decode(value);
    return attribute === 'src' && isAllowedImageSrc(src) ? `<img src="${src}" />` : undefined;
  }
  if (name === 'a') {
    const href = value === undefined ? '' : decode(value);
    if (attribute !== 'href' || href !== href.trim() || !LINK_URL.test(href) || /[\s\\]/.test(href)) return undefined;
    return `<a href="${escapeAttribute(href)}" rel="noopener noreferrer" target="_blank">`;
  }
  if (attribute === undefined) return AS_WRITTEN;
  if (attribute !== 'class' || value === undefined) return undefined;
  if (indented && INDENT_CLASS.test(value)) return AS_WRITTEN;
  if (name === 'span' && SPAN_CLASSES.test(value)) return AS_WRITTEN;
  return undefined;
}

/** Where a tag may open, given the element it would open in (undefined: the top). */
function mayOpen(opened: Element, parent: Element | undefined, inLink: boolean): boolean {
  if (opened.block) return parent === undefined;
  if (opened.name === 'li') return parent?.list === true;
  if (parent === undefined || parent.list) return false;
  return opened.name !== 'a' || !inLink;
}

const [LESS_THAN, GREATER_THAN, SLASH, SPACE, EQUALS, QUOTE] = ['<', '>', '/', ' ', '=', '"'].map((character) =>
  character.charCodeAt(0),
);
const isLowercase = (code: number) => code >= 0x61 && code <= 0x7a;
const isDigit = (code: number) => code >= 0x30 && code <= 0x39;

interface Tag {
  /** Just past its `>`. */
  end: number;
  closing: boolean;
  name: string;
  attribute?: string;
  value?: string;
}

/**
 * The tag at `at` (its `<`) as the editor writes one: `</name>`, `<name>` or `<name attribute="value">`,
 * with a lowercase name, a lowercase attribute, and no `"`, `<`, `>` or NUL in the value.
 */
function tagAt(html: string, at: number): Tag | undefined {
  let next = at + 1;
  const closing = html.charCodeAt(next) === SLASH;
  if (closing) next += 1;
  const nameStart = next;
  if (!isLowercase(html.charCodeAt(next))) return undefined;
  do next += 1;
  while (isLowercase(html.charCodeAt(next)) || isDigit(html.charCodeAt(next)));
  const name = html.slice(nameStart, next);
  if (html.charCodeAt(next) === GREATER_THAN) return { end: next + 1, closing, name };
  if (html.charCodeAt(next) !== SPACE) return undefined;
  const attributeStart = next + 1;
  next = attributeStart;
  while (isLowercase(html.charCodeAt(next))) next += 1;
  if (next === attributeStart || html.charCodeAt(next) !== EQUALS || html.charCodeAt(next + 1) !== QUOTE) {
    return undefined;
  }
  const valueEnd = html.indexOf('"', next + 2);
  if (valueEnd === -1 || html.charCodeAt(valueEnd + 1) !== GREATER_THAN) return undefined;
  const value = html.slice(next + 2, valueEnd);
  if (MARKUP_IN_VALUE.test(value)) return undefined;
  return { end: valueEnd + 2, closing, name, attribute: html.slice(attributeStart, next), value };
}

/**
 * Where `character` next occurs in `text` at or after a position, or the text's length when it
 * does not. The answer is kept until the reading passes it, so no character of the text is
 * searched twice for the same one, however the text is made.
 */
function nextOccurrence(text: string, character: string): Next {
  let found = -1;
  return (from) => {
    if (found < from) {
      const at = text.indexOf(character, from);
      found = at === -1 ? text.length : at;
    }
    return found;
  };
}

/**
 * The sanitized form of an answer the editor wrote, or undefined when it is not one. It is read
 * with `indexOf` and character codes, not a regular expression per piece, and most of it is the
 * answer itself: only what sanitize-html writes differently (`&quot;`, `<br>`, links and images)
 * is written anew, and the rest is copied in runs between those places. Read a piece at a time
 * with regular expressions, it was a fifth of the event loop under a load of autosaves
 * (`bench/README.md`).
 */
export function canonicalAnswer(html: string): string | undefined {
  const stack: Element[] = [];
  let inLink = false;
  const [lessThanAfter, ampersandAfter, greaterThanAfter, nulAfter] = ['<', '&', '>', '\0'].map((character) =>
    nextOccurrence(html, character),
  ) as [Next, Next, Next, Next];
  let written = '';
  let copiedTo = 0;
  const rewrite = (from: number, to: number, replacement: string) => {
    written += html.slice(copiedTo, from) + replacement;
    copiedTo = to;
  };
  let at = 0;
  while (at < html.length) {
    if (html.charCodeAt(at) !== LESS_THAN) {
      // Text: a run with no markup character, or one of the editor's entities.
      const parent = stack.at(-1);
      if (parent === undefined || parent.list) return undefined;
      if (ampersandAfter(at) === at) {
        const entity = TEXT_ENTITIES.find((name) => html.startsWith(name, at));
        if (entity === undefined) return undefined;
        if (entity === '&quot;') rewrite(at, at + entity.length, '"');
        at += entity.length;
        continue;
      }
      const runEnd = Math.min(lessThanAfter(at), ampersandAfter(at));
      if (greaterThanAfter(at) < runEnd || nulAfter(at) < runEnd) return undefined;
      at = runEnd;
      continue;
    }
    const tag = tagAt(html, at);
    if (!tag) return undefined;
    const { end, closing, name, attribute, value } = tag;
    if (closing) {
      if (attribute !== undefined || stack.pop()?.name !== name) return undefined;
      if (name === 'a') inLink = false;
    } else {
      const opened = ELEMENTS.get(name);
      if (opened === undefined || !mayOpen(opened, stack.at(-1), inLink)) return undefined;
      const opening = openingTag(opened, attribute, value);
      if (opening === undefined) return undefined;
      if (opening !== AS_WRITTEN && (opening.length !== end - at || !html.startsWith(opening, at))) {
        rewrite(at, end, opening);
      }
      if (name !== 'br' && name !== 'img') {
        stack.push(opened);
        if (name === 'a') inLink = true;
        if (stack.length > ANSWER_MAX_DEPTH) return undefined;
      }
    }
    at = end;
  }
  return stack.length === 0 ? written + html.slice(copiedTo) : undefined;
}
