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

const BLOCKS = new Set(['p', 'h1', 'h2', 'blockquote', 'ol', 'ul']);
const INDENTED = new Set(['p', 'h1', 'h2', 'li']);
const LISTS = new Set(['ol', 'ul']);
const MARKS = new Set(['strong', 'em', 'u', 's', 'span']);
const INDENT_CLASS = /^ql-indent-[1-8]$/;
const SPAN_CLASSES = /^ql-(?:font|size|indent)-[a-z0-9-]+(?: ql-(?:font|size|indent)-[a-z0-9-]+)*$/;
/** The four entities the editor writes in text; any other `&` is not the editor's. */
const TEXT_ENTITIES = ['&amp;', '&lt;', '&gt;', '&quot;'];
const MARKUP_IN_VALUE = /[<>\0]/;
/** Where a character next occurs from a position on (`nextOccurrence`). */
type Next = (from: number) => number;
const OTHER_ENTITY = /&(?!(?:amp|lt|gt|quot);)/;

const decode = (value: string) =>
  value.replace(
    /&(amp|lt|gt|quot);/g,
    (_entity, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"' })[name] as string,
  );
const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function openingTag(name: string, attribute: string | undefined, value: string | undefined): string | undefined {
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
  if (attribute === undefined) return `<${name}>`;
  if (attribute !== 'class' || value === undefined) return undefined;
  if (INDENTED.has(name) && INDENT_CLASS.test(value)) return `<${name} class="${value}">`;
  if (name === 'span' && SPAN_CLASSES.test(value)) return `<span class="${value}">`;
  return undefined;
}

/** Where a tag may open, given the element it would open in (undefined: the top). */
function mayOpen(name: string, parent: string | undefined, stack: string[]): boolean {
  if (BLOCKS.has(name)) return parent === undefined;
  if (name === 'li') return parent !== undefined && LISTS.has(parent);
  if (parent === undefined || LISTS.has(parent)) return false;
  if (name === 'a') return !stack.includes('a');
  return MARKS.has(name) || name === 'br' || name === 'img';
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
  const stack: string[] = [];
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
      if (parent === undefined || LISTS.has(parent)) return undefined;
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
      if (attribute !== undefined || stack.pop() !== name) return undefined;
    } else {
      if (!mayOpen(name, stack.at(-1), stack)) return undefined;
      const opening = openingTag(name, attribute, value);
      if (opening === undefined) return undefined;
      if (opening.length !== end - at || !html.startsWith(opening, at)) rewrite(at, end, opening);
      if (name !== 'br' && name !== 'img') {
        stack.push(name);
        if (stack.length > ANSWER_MAX_DEPTH) return undefined;
      }
    }
    at = end;
  }
  return stack.length === 0 ? written + html.slice(copiedTo) : undefined;
}
