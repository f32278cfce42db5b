import type { AnswerDocument } from './types.ts';
import { FONTS, MAX_INDENT, SIZES } from './types.ts';

/**
 * Slate puts its own copy of the selection on the clipboard (`application/x-slate-fragment`,
 * also as an attribute inside its text/html). Any web page can write that format, so a fragment
 * is used only when every node in it is one of the answer's own formats; otherwise the paste is
 * read as HTML like any other.
 */

export const SLATE_FRAGMENT_TYPE = 'application/x-slate-fragment';

/** slate-dom writes `btoa(encodeURIComponent(JSON.stringify(fragment)))`. */
export function decodeSlateFragment(encoded: string): unknown {
  try {
    return JSON.parse(decodeURIComponent(atob(encoded)));
  } catch {
    return undefined;
  }
}

const TEXT_KEYS = new Set(['text', 'bold', 'italic', 'underline', 'strike', 'font', 'size']);
const BLOCK_TYPES = new Set(['paragraph', 'heading-one', 'heading-two', 'block-quote', 'list-item']);
const LIST_TYPES = new Set(['numbered-list', 'bulleted-list']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isAnswerText(node: Record<string, unknown>): boolean {
  return (
    typeof node.text === 'string' &&
    Object.keys(node).every((key) => TEXT_KEYS.has(key)) &&
    ['bold', 'italic', 'underline', 'strike'].every((mark) => node[mark] === undefined || node[mark] === true) &&
    (node.font === undefined || (FONTS as readonly unknown[]).includes(node.font)) &&
    (node.size === undefined || (SIZES as readonly unknown[]).includes(node.size))
  );
}

function isAnswerNode(node: unknown, depth: number): boolean {
  if (!isRecord(node) || depth > 4) return false;
  if (!('type' in node)) return isAnswerText(node);
  const { type, children } = node;
  if (!Array.isArray(children) || children.length === 0) return false;
  const keys = Object.keys(node);
  const onlyKeys = (...allowed: string[]) => keys.every((key) => ['type', 'children', ...allowed].includes(key));
  if (typeof type !== 'string') return false;
  if (BLOCK_TYPES.has(type)) {
    const indent = node.indent;
    const indentOk =
      indent === undefined ||
      (typeof indent === 'number' && Number.isInteger(indent) && indent >= 1 && indent <= MAX_INDENT);
    return onlyKeys('indent') && indentOk && children.every((child) => isAnswerNode(child, depth + 1));
  }
  if (LIST_TYPES.has(type)) return onlyKeys() && children.every((child) => isAnswerNode(child, depth + 1));
  if (type === 'link') {
    return (
      onlyKeys('url') &&
      typeof node.url === 'string' &&
      children.every((child) => isRecord(child) && isAnswerText(child))
    );
  }
  if (type === 'image')
    return (
      onlyKeys('src') &&
      typeof node.src === 'string' &&
      children.every((child) => isRecord(child) && isAnswerText(child))
    );
  return false;
}

/** The fragment when it holds nothing but answer formats (links and pictures are checked again by the editor). */
export function answerFragment(encoded: string): AnswerDocument | undefined {
  const fragment = decodeSlateFragment(encoded);
  return Array.isArray(fragment) && fragment.length > 0 && fragment.every((node) => isAnswerNode(node, 0))
    ? (fragment as AnswerDocument)
    : undefined;
}
