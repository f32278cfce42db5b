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
/** Text between tags, a run at a time: no markup characters, and only the four entities the editor writes. */
const TEXT = /[^<>&\0]+|&(?:amp|lt|gt|quot);/y;
/** One tag as the editor writes it: lowercase name, at most one double-quoted attribute. */
const TAG = /<(\/?)([a-z][a-z0-9]*)(?: ([a-z]+)="([^"<>\0]*)")?>/y;
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

/** The sanitized form of an answer the editor wrote, or undefined when it is not one. */
export function canonicalAnswer(html: string): string | undefined {
  const stack: string[] = [];
  const out: string[] = [];
  let at = 0;
  while (at < html.length) {
    TEXT.lastIndex = at;
    const text = TEXT.exec(html)?.[0];
    if (text !== undefined) {
      const parent = stack.at(-1);
      if (parent === undefined || LISTS.has(parent)) return undefined;
      out.push(text === '&quot;' ? '"' : text);
      at += text.length;
      continue;
    }
    TAG.lastIndex = at;
    const tag = TAG.exec(html);
    if (!tag) return undefined;
    at += tag[0].length;
    const [, closing, name = '', attribute, value] = tag;
    if (closing) {
      if (attribute !== undefined || stack.pop() !== name) return undefined;
      out.push(`</${name}>`);
      continue;
    }
    if (!mayOpen(name, stack.at(-1), stack)) return undefined;
    const opening = openingTag(name, attribute, value);
    if (opening === undefined) return undefined;
    out.push(opening);
    if (name !== 'br' && name !== 'img') {
      stack.push(name);
      if (stack.length > ANSWER_MAX_DEPTH) return undefined;
    }
  }
  return stack.length === 0 ? out.join('') : undefined;
}
