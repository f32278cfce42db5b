import { Editor, Element, type Node, Range, Text, Transforms } from 'slate';
import { checkLinkUrl, type LinkCheck } from './links.ts';
import {
  type Font,
  type LinkElement,
  type ListType,
  MAX_INDENT,
  type Size,
  type TextBlockType,
  type ToggleMark,
} from './types.ts';
import { isListElement, isTextBlock } from './with-answer-formats.ts';

/** The toolbar's actions, as plain functions of the editor (after the official rich-text example). */

export type BlockFormat = 'heading-one' | 'heading-two' | 'block-quote' | ListType;

const ALL_MARKS = ['bold', 'italic', 'underline', 'strike', 'font', 'size'] as const;

/** A toolbar used before the candidate ever clicked into the answer acts on its end. */
export function ensureSelection(editor: Editor): void {
  if (!editor.selection) Transforms.select(editor, Editor.end(editor, []));
}

export function isMarkActive(editor: Editor, mark: ToggleMark): boolean {
  return Editor.marks(editor)?.[mark] === true;
}

export function toggleMark(editor: Editor, mark: ToggleMark): void {
  ensureSelection(editor);
  if (isMarkActive(editor, mark)) Editor.removeMark(editor, mark);
  else Editor.addMark(editor, mark, true);
}

/** `undefined` is the normal font or size, which carries no class. */
export function setFont(editor: Editor, font: Font | undefined): void {
  ensureSelection(editor);
  if (font) Editor.addMark(editor, 'font', font);
  else Editor.removeMark(editor, 'font');
}

export function setSize(editor: Editor, size: Size | undefined): void {
  ensureSelection(editor);
  if (size) Editor.addMark(editor, 'size', size);
  else Editor.removeMark(editor, 'size');
}

/** The text blocks the selection touches (a collapsed selection: the one at the cursor). */
export function textBlocksInSelection(editor: Editor) {
  const { selection } = editor;
  if (!selection) return [];
  return Array.from(Editor.nodes(editor, { at: Editor.unhangRange(editor, selection), match: isTextBlock }));
}

/**
 * Which block formats the selection is in: a list when any of its lines is, the others when all of them are.
 * `blocks` lets a caller that has already read the selection's text blocks pass them rather than read them again.
 */
export function activeBlockFormats(
  editor: Editor,
  blocks: ReturnType<typeof textBlocksInSelection> = textBlocksInSelection(editor),
): Record<BlockFormat, boolean> {
  const active = {
    'heading-one': false,
    'heading-two': false,
    'block-quote': false,
    'numbered-list': false,
    'bulleted-list': false,
  };
  const { selection } = editor;
  if (!selection) return active;
  for (const [list] of Editor.nodes(editor, { at: Editor.unhangRange(editor, selection), match: isListElement })) {
    active[list.type] = true;
  }
  for (const format of ['heading-one', 'heading-two', 'block-quote'] as const) {
    active[format] = blocks.length > 0 && blocks.every(([block]) => block.type === format);
  }
  return active;
}

export function isBlockActive(editor: Editor, format: BlockFormat): boolean {
  return activeBlockFormats(editor)[format];
}

export function toggleBlock(editor: Editor, format: BlockFormat): void {
  ensureSelection(editor);
  const active = isBlockActive(editor, format);
  const isList = format === 'numbered-list' || format === 'bulleted-list';
  Editor.withoutNormalizing(editor, () => {
    Transforms.unwrapNodes(editor, { match: isListElement, split: true });
    const type: TextBlockType = active ? 'paragraph' : isList ? 'list-item' : format;
    Transforms.setNodes(editor, { type }, { match: isTextBlock });
    if (!active && isList) Transforms.wrapNodes(editor, { type: format, children: [] }, { match: isTextBlock });
  });
}

export function changeIndent(editor: Editor, delta: 1 | -1): void {
  ensureSelection(editor);
  Editor.withoutNormalizing(editor, () => {
    for (const [block, path] of textBlocksInSelection(editor)) {
      if (block.type === 'block-quote') continue;
      const indent = Math.max(0, Math.min(MAX_INDENT, (block.indent ?? 0) + delta));
      if (indent === 0) Transforms.unsetNodes(editor, 'indent', { at: path });
      else Transforms.setNodes(editor, { indent }, { at: path });
    }
  });
}

function isLink(node: Node): node is LinkElement {
  return Element.isElement(node) && node.type === 'link';
}

export function activeLink(editor: Editor): LinkElement | undefined {
  if (!editor.selection) return undefined;
  const [match] = Editor.nodes(editor, { match: isLink });
  return match?.[0];
}

/**
 * Adds or changes the link at the selection. The address is checked here as well as in the
 * normalizer, so a refused one gets a message instead of silently vanishing.
 */
export function applyLink(editor: Editor, address: string): LinkCheck {
  const check = checkLinkUrl(address);
  if (!check.ok) return check;
  ensureSelection(editor);
  const { selection } = editor;
  if (!selection) return check;
  if (activeLink(editor) && Range.isCollapsed(selection)) {
    Transforms.setNodes(editor, { url: check.url }, { match: isLink });
    return check;
  }
  Editor.withoutNormalizing(editor, () => {
    Transforms.unwrapNodes(editor, { match: isLink, split: true });
    if (Range.isCollapsed(selection)) {
      Transforms.insertNodes(editor, { type: 'link', url: check.url, children: [{ text: check.url }] });
    } else {
      Transforms.wrapNodes(editor, { type: 'link', url: check.url, children: [] }, { split: true });
      Transforms.collapse(editor, { edge: 'end' });
    }
  });
  return check;
}

export function removeLink(editor: Editor): void {
  Transforms.unwrapNodes(editor, { match: isLink, split: true });
}

export function insertImage(editor: Editor, src: string): void {
  ensureSelection(editor);
  Transforms.insertNodes(editor, { type: 'image', src, children: [{ text: '' }] });
  Transforms.move(editor);
}

/**
 * Clean, as in Quill: the selected text loses its marks and links, and its lines become plain
 * paragraphs. Pictures stay: removing formatting must never remove what the candidate wrote.
 */
export function cleanFormatting(editor: Editor): void {
  ensureSelection(editor);
  const { selection } = editor;
  if (!selection) return;
  Editor.withoutNormalizing(editor, () => {
    if (Range.isExpanded(selection)) {
      Transforms.unsetNodes(editor, [...ALL_MARKS], { match: Text.isText, split: true });
      Transforms.unwrapNodes(editor, { match: isLink, split: true });
    }
    Transforms.unwrapNodes(editor, { match: isListElement, split: true });
    Transforms.setNodes(editor, { type: 'paragraph' }, { match: isTextBlock });
    Transforms.unsetNodes(editor, 'indent', { match: isTextBlock });
  });
  editor.marks = null;
  editor.onChange();
}
