import { isText } from './answer-document.ts';
import { marksOf, sameMarks } from './html-marks.ts';
import type { FormattedText, InlineNode } from './types.ts';

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
export function normalizeInlines(children: InlineNode[]): InlineNode[] {
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
export function tidyPastedSpaces(children: InlineNode[]): InlineNode[] {
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

export function hasContent(children: InlineNode[]): boolean {
  return children.some((child) => !isText(child) || child.text !== '');
}
