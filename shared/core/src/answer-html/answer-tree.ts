import { z } from '../zod.ts';
import { ANSWER_CLASSES, ANSWER_LINK_SCHEMES, ANSWER_TAGS, isAllowedImageSrc } from './answer-html.ts';

/**
 * An answer as the review page receives it: a tree of the editor's own elements, built by the
 * server from the sanitized HTML it stored. The page renders it with React elements, so no browser
 * ever parses a candidate's HTML, and nothing a candidate typed can become an attribute the page
 * did not choose: an element here has a tag and at most a class, a link address or a picture.
 */

export type AnswerTag = (typeof ANSWER_TAGS)[number];

export interface AnswerElement {
  tag: AnswerTag;
  class?: string;
  href?: string;
  src?: string;
  children?: AnswerNode[];
}

/** Text (shown as text, never read as markup) or an element. */
export type AnswerNode = string | AnswerElement;

/** Elements that hold nothing: a line break and a picture. */
export const EMPTY_ANSWER_TAGS: ReadonlySet<string> = new Set(['br', 'img']);

const TAGS: ReadonlySet<string> = new Set(ANSWER_TAGS);

export function isAnswerTag(tag: string): tag is AnswerTag {
  return TAGS.has(tag);
}

/** Ordinary web, mail and phone links only: never `javascript:`, `data:` or a relative address. */
export const ANSWER_LINK_PATTERN = new RegExp(`^(?:${ANSWER_LINK_SCHEMES.join('|')}):`, 'i');

export function isAllowedLink(href: string | undefined): href is string {
  return href !== undefined && ANSWER_LINK_PATTERN.test(href.trim());
}

/** The classes `tag` may carry, from those it has, as one attribute value; undefined for none. */
export function allowedClassName(tag: string, className: string | undefined): string | undefined {
  const allowed: readonly string[] = (ANSWER_CLASSES as Record<string, readonly string[]>)[tag] ?? [];
  const kept = (className ?? '').split(/\s+/).filter((name) => allowed.includes(name));
  return kept.length > 0 ? kept.join(' ') : undefined;
}

/**
 * An element as the allow-list lets it be: its tag if it is the editor's, and only the class,
 * link or picture that tag may have, each checked. Undefined for an element that is not kept.
 * The server builds the tree with this and the review page renders with it again.
 */
export function allowedElement(
  tag: string,
  attributes: { class?: string | undefined; href?: string | undefined; src?: string | undefined },
): Omit<AnswerElement, 'children'> | undefined {
  if (!isAnswerTag(tag)) return undefined;
  const element: Omit<AnswerElement, 'children'> = { tag };
  const className = allowedClassName(tag, attributes.class);
  if (className) element.class = className;
  if (tag === 'a' && isAllowedLink(attributes.href)) element.href = attributes.href.trim();
  if (tag === 'img') {
    if (!isAllowedImageSrc(attributes.src)) return undefined;
    element.src = attributes.src;
  }
  return element;
}

/** Whether an answer holds anything to read: text or a picture, not only empty paragraphs. */
export function answerHasContent(nodes: readonly AnswerNodeInput[]): boolean {
  return nodes.some((node) =>
    typeof node === 'string'
      ? node.replace(/\u00a0/g, ' ').trim().length > 0
      : node.tag === 'img' || answerHasContent(node.children ?? []),
  );
}

/**
 * How the page checks a tree it received. Unknown keys (an `onerror`, a `style`) are dropped by
 * the schema; a tag is any string here, so an element the page does not know is left out when it
 * renders rather than failing the whole answer.
 */
export const answerNodeSchema: z.ZodType<AnswerNodeInput> = z.lazy(() =>
  z.union([
    z.string(),
    z.object({
      tag: z.string(),
      class: z.string().optional(),
      href: z.string().optional(),
      src: z.string().optional(),
      children: z.array(answerNodeSchema).optional(),
    }),
  ]),
);

/** A node as received, before the renderer applies the allow-list. */
export type AnswerNodeInput =
  | string
  | { tag: string; class?: string; href?: string; src?: string; children?: AnswerNodeInput[] };

export const answerTreeSchema = z.array(answerNodeSchema);
