/**
 * A small, forgiving HTML reader that works the same in the browser and in Node: the answers the
 * editor stores and whatever a candidate pastes (Word, Google Docs, web pages) become a plain tree.
 * It follows the parts of the HTML parsing rules clipboard HTML relies on (void elements, implied
 * ends of p and li, raw-text elements) and never runs or loads anything.
 */

export interface HtmlElement {
  kind: 'element';
  tag: string;
  attrs: Record<string, string>;
  children: HtmlNode[];
}

export interface HtmlText {
  kind: 'text';
  text: string;
}

export type HtmlNode = HtmlElement | HtmlText;

const VOID_TAGS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

/** Their content is not markup; it is skipped along with the element. */
const RAW_TEXT_TAGS = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes']);

/** Start tags that end an open paragraph (HTML's "close a p element"). */
const CLOSES_P = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'div',
  'dl',
  'fieldset',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'ul',
]);

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** An implied end never reaches past these. */
const SCOPE_BOUNDARIES = new Set(['#root', 'td', 'th', 'table', 'caption', 'button', 'object']);

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ensp: '\u2002',
  emsp: '\u2003',
  thinsp: '\u2009',
  shy: '\u00ad',
  ndash: '\u2013',
  mdash: '\u2014',
  lsquo: '\u2018',
  rsquo: '\u2019',
  sbquo: '\u201a',
  ldquo: '\u201c',
  rdquo: '\u201d',
  bdquo: '\u201e',
  hellip: '\u2026',
  bull: '\u2022',
  middot: '\u00b7',
  laquo: '\u00ab',
  raquo: '\u00bb',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
  euro: '\u20ac',
  pound: '\u00a3',
  yen: '\u00a5',
  cent: '\u00a2',
  sect: '\u00a7',
  para: '\u00b6',
  deg: '\u00b0',
  plusmn: '\u00b1',
  times: '\u00d7',
  divide: '\u00f7',
  minus: '\u2212',
  larr: '\u2190',
  rarr: '\u2192',
  uarr: '\u2191',
  darr: '\u2193',
  le: '\u2264',
  ge: '\u2265',
  ne: '\u2260',
  asymp: '\u2248',
  infin: '\u221e',
  zwj: '\u200d',
  zwnj: '\u200c',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z][a-z0-9]{1,31});/gi, (entity, name: string) => {
    if (name[0] === '#') {
      const hex = name[1] === 'x' || name[1] === 'X';
      const code = Number.parseInt(name.slice(hex ? 2 : 1), hex ? 16 : 10);
      const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
      return valid ? String.fromCodePoint(code) : '\ufffd';
    }
    return NAMED_ENTITIES[name] ?? NAMED_ENTITIES[name.toLowerCase()] ?? entity;
  });
}

const TAG_NAME = /[a-zA-Z][a-zA-Z0-9:-]*/y;
const TAG_END = /\s*(\/?)>/y;
const ATTRIBUTE = /\s*([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/y;
const STRAY_SLASH = /\s*\//y;

/** Sticky matching at `index`, so a long paste is never copied once per tag. */
function matchAt(pattern: RegExp, text: string, index: number): RegExpExecArray | null {
  pattern.lastIndex = index;
  return pattern.exec(text);
}

interface OpenTag {
  tag: string;
  attrs: Record<string, string>;
  selfClosing: boolean;
  end: number;
}

/** Reads the tag that starts at `start` (just after `<`), or undefined when it is not a tag. */
function readStartTag(html: string, start: number): OpenTag | undefined {
  const name = matchAt(TAG_NAME, html, start);
  if (!name) return undefined;
  const tag = name[0].toLowerCase();
  const attrs: Record<string, string> = {};
  let index = start + name[0].length;
  for (;;) {
    const close = matchAt(TAG_END, html, index);
    if (close) return { tag, attrs, selfClosing: close[1] === '/', end: index + close[0].length };
    const attribute = matchAt(ATTRIBUTE, html, index);
    if (attribute) {
      const key = (attribute[1] ?? '').toLowerCase();
      if (!(key in attrs)) attrs[key] = decodeEntities(attribute[2] ?? attribute[3] ?? attribute[4] ?? '');
      index += attribute[0].length;
      continue;
    }
    const slash = matchAt(STRAY_SLASH, html, index);
    if (slash) {
      index += slash[0].length;
      continue;
    }
    // An unterminated tag at the end of the input: HTML drops it.
    return { tag, attrs, selfClosing: false, end: html.length };
  }
}

export function parseHtml(html: string): HtmlElement {
  const root: HtmlElement = { kind: 'element', tag: '#root', attrs: {}, children: [] };
  const stack: HtmlElement[] = [root];
  const current = () => stack[stack.length - 1] ?? root;

  function appendText(text: string): void {
    if (text === '') return;
    const siblings = current().children;
    const last = siblings[siblings.length - 1];
    if (last?.kind === 'text') last.text += text;
    else siblings.push({ kind: 'text', text });
  }

  /** Pops up to and including the nearest open `tag`, unless a scope boundary comes first. */
  function closeInScope(tags: Set<string>, boundaries: Set<string>): void {
    for (let depth = stack.length - 1; depth > 0; depth -= 1) {
      const tag = stack[depth]?.tag ?? '#root';
      if (tags.has(tag)) {
        stack.length = depth;
        return;
      }
      if (boundaries.has(tag)) return;
    }
  }

  function openElement(tag: string, attrs: Record<string, string>, selfClosing: boolean): void {
    if (CLOSES_P.has(tag)) closeInScope(new Set(['p']), SCOPE_BOUNDARIES);
    if (tag === 'li') closeInScope(new Set(['li']), new Set([...SCOPE_BOUNDARIES, 'ol', 'ul']));
    if (HEADINGS.has(tag) && HEADINGS.has(current().tag)) stack.pop();
    const element: HtmlElement = { kind: 'element', tag, attrs, children: [] };
    current().children.push(element);
    if (!VOID_TAGS.has(tag) && !selfClosing) stack.push(element);
  }

  function closeElement(tag: string): void {
    if (tag === 'br') {
      openElement('br', {}, true);
      return;
    }
    const targets = HEADINGS.has(tag) ? HEADINGS : new Set([tag]);
    for (let depth = stack.length - 1; depth > 0; depth -= 1) {
      if (targets.has(stack[depth]?.tag ?? '')) {
        stack.length = depth;
        return;
      }
    }
  }

  let index = 0;
  while (index < html.length) {
    const lt = html.indexOf('<', index);
    if (lt === -1) {
      appendText(decodeEntities(html.slice(index)));
      break;
    }
    appendText(decodeEntities(html.slice(index, lt)));
    index = lt;

    if (html.startsWith('<!--', index)) {
      const end = html.indexOf('-->', index + 4);
      index = end === -1 ? html.length : end + 3;
      continue;
    }
    if (html[index + 1] === '!' || html[index + 1] === '?') {
      const end = html.indexOf('>', index);
      index = end === -1 ? html.length : end + 1;
      continue;
    }
    if (html[index + 1] === '/') {
      const name = matchAt(TAG_NAME, html, index + 2);
      const end = html.indexOf('>', index);
      if (name) closeElement(name[0].toLowerCase());
      index = end === -1 ? html.length : end + 1;
      continue;
    }
    const tag = readStartTag(html, index + 1);
    if (!tag) {
      appendText('<');
      index += 1;
      continue;
    }
    index = tag.end;
    if (RAW_TEXT_TAGS.has(tag.tag)) {
      const close = new RegExp(`</${tag.tag}\\s*>`, 'gi');
      close.lastIndex = index;
      const found = close.exec(html);
      index = found ? found.index + found[0].length : html.length;
      continue;
    }
    openElement(tag.tag, tag.attrs, tag.selfClosing);
  }
  return root;
}
