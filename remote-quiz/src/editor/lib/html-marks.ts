import type { HtmlElement } from './html-parser.ts';
import { FONTS, type Font, type FormattedText, SIZES } from './types.ts';

/** The formats of a run of text, as reading HTML collects them from its tags, classes and styles. */
export type Marks = Omit<FormattedText, 'text'>;

const MONOSPACE_TAGS = new Set(['code', 'kbd', 'samp', 'tt', 'var']);

function fontFromFamily(family: string): Font | undefined {
  if (/monospace|courier|consolas|menlo|monaco|source code|mono\b/.test(family)) return 'monospace';
  if (/(^|[\s,"'])serif|times|georgia|garamond|cambria|palatino/.test(family.replace(/sans-serif/g, ''))) {
    return 'serif';
  }
  return undefined;
}

/** The marks an element's Quill classes and inline style add to (or take from) the ones around it. */
export function styleMarks(element: HtmlElement, marks: Marks): Marks {
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

/** The marks a formatting tag adds (`<b>`, `<em>`, `<del>`, `<code>`...). */
export function tagMarks(tag: string, marks: Marks): Marks {
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

export function sameMarks(a: Marks, b: Marks): boolean {
  return (
    a.bold === b.bold &&
    a.italic === b.italic &&
    a.underline === b.underline &&
    a.strike === b.strike &&
    a.font === b.font &&
    a.size === b.size
  );
}

export function marksOf(leaf: FormattedText): Marks {
  const { text: _text, ...marks } = leaf;
  return marks;
}

/** A text leaf with only the marks that are set. */
export function makeText(text: string, marks: Marks): FormattedText {
  const leaf: FormattedText = { text };
  if (marks.bold) leaf.bold = true;
  if (marks.italic) leaf.italic = true;
  if (marks.underline) leaf.underline = true;
  if (marks.strike) leaf.strike = true;
  if (marks.font) leaf.font = marks.font;
  if (marks.size) leaf.size = marks.size;
  return leaf;
}
