import type { AnswerNodeInput } from './answer-tree.ts';

/**
 * An answer as plain text, for a spreadsheet cell (the review page's CSV): what the candidate
 * wrote, laid out as a reader would write it by hand. Paragraphs, headings and quotes are blocks
 * with a blank line between them; a list's items are one line each, "- " or numbered per level,
 * indented two spaces a level as the editor indents them (`ql-indent-N`); a line break is a line
 * break; a link keeps its address beside its words; a picture is "[picture]". Formatting (bold,
 * fonts, sizes) has no text and is left out.
 */
export function answerPlainText(nodes: readonly AnswerNodeInput[]): string {
  const blocks: { text: string; list: AnswerNodeInput | null }[] = [];
  let loose: AnswerNodeInput[] = [];
  const flushLoose = () => {
    const text = inlineText(loose).trim();
    if (text) blocks.push({ text, list: null });
    loose = [];
  };
  for (const node of nodes) {
    if (typeof node === 'string' || !BLOCKS.has(node.tag)) {
      loose.push(node);
      continue;
    }
    flushLoose();
    if (node.tag === 'ol' || node.tag === 'ul') {
      const counters: number[] = [];
      for (const item of node.children ?? []) {
        if (typeof item === 'string' || item.tag !== 'li') continue;
        const level = indentOf(item);
        counters.length = level + 1;
        counters[level] = (counters[level] ?? 0) + 1;
        const marker = node.tag === 'ol' ? `${counters[level]}.` : '-';
        const text = inlineText(item.children ?? []).trim();
        blocks.push({ text: `${'  '.repeat(level)}${marker} ${text}`.trimEnd(), list: node });
      }
      continue;
    }
    const text = inlineText(node.children ?? []).trim();
    if (!text) continue;
    const indented = `${'  '.repeat(indentOf(node))}${text}`;
    blocks.push({
      text: node.tag === 'blockquote' ? indented.replace(/^/gm, '> ') : indented,
      list: null,
    });
  }
  flushLoose();
  return blocks
    .map((block, index) => {
      const before = blocks[index - 1];
      const sameList = before !== undefined && block.list !== null && before.list === block.list;
      return `${index === 0 ? '' : sameList ? '\n' : '\n\n'}${block.text}`;
    })
    .join('');
}

const BLOCKS: ReadonlySet<string> = new Set(['p', 'h1', 'h2', 'blockquote', 'ol', 'ul']);

const indentOf = (node: Exclude<AnswerNodeInput, string>): number =>
  Number(/(?:^|\s)ql-indent-(\d)(?:\s|$)/.exec(node.class ?? '')?.[1] ?? 0);

/** The text of inline content: words, line breaks, links with their address, pictures by a word. */
function inlineText(nodes: readonly AnswerNodeInput[]): string {
  return nodes
    .map((node) => {
      if (typeof node === 'string') return node.replace(/\u00a0/g, ' ');
      if (node.tag === 'br') return '\n';
      if (node.tag === 'img') return '[picture]';
      const text = inlineText(node.children ?? []);
      if (node.tag !== 'a' || !node.href) return text;
      const words = text.trim();
      const bare = node.href.replace(/^(?:mailto|tel):/i, '');
      if (!words || words === node.href) return node.href;
      return words === bare ? words : `${text} (${node.href})`;
    })
    .join('');
}
