import { ANSWER_FONTS, ANSWER_SIZES, MAX_ANSWER_INDENT } from '@assessment/core';
import type { BaseEditor } from 'slate';
import type { HistoryEditor } from 'slate-history';
import type { ReactEditor } from 'slate-react';

/**
 * The answer document: the formats of the toolbar and nothing else, so whatever the editor holds
 * can be written as the HTML the server keeps (answer HTML in @assessment/core) and read back
 * without loss.
 */

export const FONTS = ANSWER_FONTS;
export type Font = (typeof FONTS)[number];
export const SIZES = ANSWER_SIZES;
export type Size = (typeof SIZES)[number];
export const MAX_INDENT = MAX_ANSWER_INDENT;

export interface FormattedText {
  text: string;
  bold?: true;
  italic?: true;
  underline?: true;
  strike?: true;
  font?: Font;
  size?: Size;
}

export type ToggleMark = 'bold' | 'italic' | 'underline' | 'strike';

export interface LinkElement {
  type: 'link';
  url: string;
  children: FormattedText[];
}

/** An inline picture (as in Quill): a data URL made from a file the candidate chose. */
export interface ImageElement {
  type: 'image';
  src: string;
  children: FormattedText[];
}

export type InlineNode = FormattedText | LinkElement | ImageElement;

/** Blocks that hold text; all but the quote can be indented (the server keeps no class on a quote). */
export type TextBlockType = 'paragraph' | 'heading-one' | 'heading-two' | 'block-quote' | 'list-item';

export interface TextBlockElement {
  type: TextBlockType;
  /** 1 to 8; absent means not indented. */
  indent?: number;
  children: InlineNode[];
}

export type ListType = 'numbered-list' | 'bulleted-list';

export interface ListElement {
  type: ListType;
  children: TextBlockElement[];
}

export type BlockElement = TextBlockElement | ListElement;
export type AnswerElement = BlockElement | LinkElement | ImageElement;
export type AnswerDocument = BlockElement[];

declare module 'slate' {
  interface CustomTypes {
    Editor: BaseEditor & ReactEditor & HistoryEditor;
    Element: AnswerElement;
    Text: FormattedText;
  }
}
