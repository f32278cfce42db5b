import { Editor } from 'slate';
import { activeBlockFormats, activeLink, type BlockFormat, textBlocksInSelection } from './transforms.ts';
import { type Font, MAX_INDENT, type Size, type ToggleMark } from './types.ts';

/** What every toolbar control shows, as flat values so two readings compare field by field. */
export type ToolbarState = Record<ToggleMark | BlockFormat | 'indentMore' | 'indentLess' | 'link', boolean> & {
  /** '' is the normal font or size. */
  font: Font | '';
  size: Size | '';
};

/**
 * The toolbar's state in one reading. Slate runs the toolbar's selector after every change, so on
 * each keystroke: reading the marks and the blocks at the cursor once here, rather than once per
 * control, keeps that cheap.
 */
export function readToolbarState(editor: Editor): ToolbarState {
  const marks = Editor.marks(editor);
  const blocks = textBlocksInSelection(editor);
  // A quote cannot be indented; the first line's indent is the one shown.
  const indentable = blocks.some(([block]) => block.type !== 'block-quote');
  const indent = blocks[0]?.[0].indent ?? 0;
  return {
    bold: marks?.bold === true,
    italic: marks?.italic === true,
    underline: marks?.underline === true,
    strike: marks?.strike === true,
    font: marks?.font ?? '',
    size: marks?.size ?? '',
    ...activeBlockFormats(editor, blocks),
    indentMore: indentable && indent < MAX_INDENT,
    indentLess: indentable && indent > 0,
    link: activeLink(editor) !== undefined,
  };
}

export function sameToolbarState(a: ToolbarState | null, b: ToolbarState): boolean {
  if (a === null) return false;
  return (Object.keys(b) as (keyof ToolbarState)[]).every((key) => a[key] === b[key]);
}
