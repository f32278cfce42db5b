import { Editor, Element, Node, type NodeEntry, Path, Range, Text, Transforms } from 'slate';
import { isAllowedImageSrc } from './images.ts';
import { allowedLinkUrl } from './links.ts';
import { type AnswerElement, type ListElement, MAX_INDENT, type TextBlockElement } from './types.ts';

export function isListElement(node: unknown): node is ListElement {
  return Element.isElement(node) && (node.type === 'numbered-list' || node.type === 'bulleted-list');
}

export function isTextBlock(node: unknown): node is TextBlockElement {
  return (
    Element.isElement(node) &&
    (node.type === 'paragraph' ||
      node.type === 'heading-one' ||
      node.type === 'heading-two' ||
      node.type === 'block-quote' ||
      node.type === 'list-item')
  );
}

function isValidIndent(indent: unknown): boolean {
  return (
    indent === undefined || (Number.isInteger(indent) && (indent as number) >= 1 && (indent as number) <= MAX_INDENT)
  );
}

/**
 * Keeps the document within the formats that can be saved: links only with an allowed scheme,
 * images only as raster data URLs, lists flat at the top level, indents 1 to 8 and never on a quote.
 * Each rule looks only at the node it is given and its direct neighbours, so typing stays fast.
 */
export function withAnswerFormats(editor: Editor): Editor {
  const { isInline, isVoid, normalizeNode, insertBreak } = editor;

  editor.isInline = (element: AnswerElement) =>
    element.type === 'link' || element.type === 'image' || isInline(element);
  editor.isVoid = (element: AnswerElement) => element.type === 'image' || isVoid(element);

  // Enter as in any word processor: an empty list item or quote line ends the list or quote, and a
  // new line after a header is a paragraph.
  editor.insertBreak = () => {
    const { selection } = editor;
    const entry = selection && Range.isCollapsed(selection) ? Editor.above(editor, { match: isTextBlock }) : undefined;
    if (selection && entry) {
      const [block, path] = entry;
      if ((block.type === 'list-item' || block.type === 'block-quote') && Editor.isEmpty(editor, block)) {
        Editor.withoutNormalizing(editor, () => {
          Transforms.unwrapNodes(editor, { match: isListElement, split: true });
          Transforms.setNodes(editor, { type: 'paragraph' }, { match: isTextBlock });
        });
        return;
      }
      if (
        (block.type === 'heading-one' || block.type === 'heading-two') &&
        Editor.isEnd(editor, selection.anchor, path)
      ) {
        insertBreak();
        Transforms.setNodes(editor, { type: 'paragraph' }, { match: isTextBlock });
        return;
      }
    }
    insertBreak();
  };

  editor.normalizeNode = (entry: NodeEntry, options) => {
    const [node, path] = entry;

    if (Element.isElement(node) && node.type === 'link') {
      if (allowedLinkUrl(node.url) === undefined) {
        Transforms.unwrapNodes(editor, { at: path });
        return;
      }
      if (Node.string(node) === '') {
        Transforms.removeNodes(editor, { at: path });
        return;
      }
    }

    if (Element.isElement(node) && node.type === 'image' && !isAllowedImageSrc(node.src)) {
      Transforms.removeNodes(editor, { at: path });
      return;
    }

    if (isTextBlock(node) && path.length > 0) {
      const parent = Node.parent(editor, path);
      const inList = isListElement(parent);
      if (node.type === 'list-item' && !inList) {
        Transforms.wrapNodes(editor, { type: 'bulleted-list', children: [] }, { at: path });
        return;
      }
      if (node.type !== 'list-item' && inList) {
        Transforms.setNodes(editor, { type: 'list-item' }, { at: path });
        return;
      }
      if ((node.type === 'block-quote' && node.indent !== undefined) || !isValidIndent(node.indent)) {
        Transforms.unsetNodes(editor, 'indent', { at: path });
        return;
      }
    }

    if (isListElement(node)) {
      if (path.length > 1) {
        Transforms.unwrapNodes(editor, { at: path });
        return;
      }
      if (node.children.some((child) => Text.isText(child))) {
        Transforms.removeNodes(editor, { at: path });
        return;
      }
      // Neighbouring lists of one kind are one list in HTML anyway; joining them keeps the round trip exact.
      const nextPath = Path.next(path);
      const next = Node.has(editor, nextPath) ? Node.get(editor, nextPath) : undefined;
      if (isListElement(next) && next.type === node.type) {
        Transforms.mergeNodes(editor, { at: nextPath });
        return;
      }
      const previous = Path.hasPrevious(path) ? Node.get(editor, Path.previous(path)) : undefined;
      if (isListElement(previous) && previous.type === node.type) {
        Transforms.mergeNodes(editor, { at: path });
        return;
      }
    }

    normalizeNode(entry, options);
  };

  return editor;
}
