import type { Editor } from 'slate';
import { answerFragment, SLATE_FRAGMENT_TYPE } from './clipboard.ts';
import { cleanPastedHtml } from './html-deserialize.ts';
import { isAcceptedImageType } from './images.ts';

/** What the editor reads from a paste or a drop; a browser DataTransfer is one. */
export interface ClipboardData {
  getData(type: string): string;
  readonly files?: ArrayLike<File> | null;
}

/**
 * Pastes and drops become answer formats only: a Slate fragment from another answer as it is
 * (once checked), HTML cleaned to the toolbar's formats, plain text as paragraphs, and picture
 * files handed to `onPictureFiles` (they are downscaled before they are inserted).
 */
export function withAnswerPaste(editor: Editor, onPictureFiles: (files: File[]) => void): Editor {
  editor.insertData = (data: ClipboardData) => {
    const encoded = data.getData(SLATE_FRAGMENT_TYPE);
    const fragment = encoded ? answerFragment(encoded) : undefined;
    if (fragment) {
      editor.insertFragment(fragment);
      return;
    }
    const text = data.getData('text/plain');
    const pictures = Array.from(data.files ?? []).filter((file) => isAcceptedImageType(file.type));
    // "Copy image" in a browser gives the file and an <img> of a remote address, but no text.
    if (pictures.length > 0 && text === '') {
      onPictureFiles(pictures);
      return;
    }
    const html = data.getData('text/html');
    if (html) {
      editor.insertFragment(cleanPastedHtml(html));
      return;
    }
    if (text) {
      const lines = text.replace(/\r\n?/g, '\n').split('\n');
      editor.insertFragment(lines.map((line) => ({ type: 'paragraph', children: [{ text: line }] })));
    }
  };
  return editor;
}
