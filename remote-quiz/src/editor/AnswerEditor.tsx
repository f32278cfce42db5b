import { isHotkey } from 'is-hotkey';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createEditor, type Editor, Range, Transforms } from 'slate';
import { withHistory } from 'slate-history';
import { Editable, ReactEditor, Slate, withReact } from 'slate-react';
import { AnswerElementView, AnswerLeaf } from './AnswerContent.tsx';
import { FormattingToolbar } from './FormattingToolbar.tsx';
import { LinkForm } from './LinkForm.tsx';
import { deserializeAnswer } from './lib/html-deserialize.ts';
import { ACCEPTED_IMAGE_TYPES } from './lib/images.ts';
import { activeLink, applyLink, cleanFormatting, removeLink, toggleMark } from './lib/transforms.ts';
import type { AnswerDocument, ToggleMark } from './lib/types.ts';
import { withAnswerFormats } from './lib/with-answer-formats.ts';
import { withAnswerPaste } from './lib/with-answer-paste.ts';
import { CLEAN_HOTKEY, LINK_HOTKEY, MARK_HOTKEYS } from './shortcuts.ts';
import { usePictureInsert } from './usePictureInsert.ts';
import '@assessment/react/answer-html.css';
import './editor.css';

export interface AnswerEditorProps {
  /** The id of the editable area (the toolbar controls it). */
  id: string;
  /** The element that names the answer, e.g. its "Answer" label. */
  labelledBy: string;
  initialHtml: string;
  onDocumentChange: (document: AnswerDocument) => void;
  /** Every paste, with its length in characters, for the disclosed proctoring record. */
  onPaste: (chars: number) => void;
  /** Characters of HTML this answer may still grow by, for a picture. */
  pictureRoom: () => number;
  /** The file picker is about to take focus: that is not a switch to another window. */
  onFilePickerOpen: () => void;
}

const MARK_SHORTCUTS = Object.entries(MARK_HOTKEYS).map(([mark, hotkey]) => ({
  mark: mark as ToggleMark,
  matches: isHotkey(hotkey),
}));
const isLinkHotkey = isHotkey(LINK_HOTKEY);
const isCleanHotkey = isHotkey(CLEAN_HOTKEY);

/**
 * Slate reads the browser's selection at most every 100 ms; a shortcut pressed right after a
 * quick Shift+Arrow must act on what is selected now, not on what was selected a moment ago.
 */
function syncSelectionFromDom(editor: Editor): void {
  const selection = window.getSelection();
  if (!selection || selection.rangeCount === 0 || !ReactEditor.isFocused(editor)) return;
  const range = ReactEditor.toSlateRange(editor, selection, { exactMatch: false, suppressThrow: true });
  if (range && !(editor.selection && Range.equals(range, editor.selection))) Transforms.select(editor, range);
}

/** The rich-text answer of one question (Slate, after the official rich-text example). */
export function AnswerEditor({
  id,
  labelledBy,
  initialHtml,
  onDocumentChange,
  onPaste,
  pictureRoom,
  onFilePickerOpen,
}: AnswerEditorProps) {
  const [message, setMessage] = useState('');
  const [linkForm, setLinkForm] = useState<{ url: string; editing: boolean } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // The paste handler is made with the editor, before the picture handler that needs the editor.
  const pictureHandler = useRef<(files: File[]) => void>(() => {});
  const editor = useMemo(
    () =>
      withAnswerPaste(withAnswerFormats(withHistory(withReact(createEditor()))), (files) =>
        pictureHandler.current(files),
      ),
    [],
  );
  // Read once: afterwards the editor owns the document and the HTML follows it.
  const [initialValue] = useState(() => deserializeAnswer(initialHtml));
  const addPictures = usePictureInsert(editor, pictureRoom, setMessage);
  useEffect(() => {
    pictureHandler.current = addPictures;
  }, [addPictures]);

  const openLinkForm = useCallback(() => {
    setMessage('');
    setLinkForm({ url: activeLink(editor)?.url ?? '', editing: activeLink(editor) !== undefined });
  }, [editor]);

  const closeLinkForm = useCallback(() => {
    setLinkForm(null);
    ReactEditor.focus(editor);
  }, [editor]);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      const shortcut = MARK_SHORTCUTS.find(({ matches }) => matches(event));
      const link = isLinkHotkey(event);
      const clean = isCleanHotkey(event);
      if (!shortcut && !link && !clean) return;
      event.preventDefault();
      syncSelectionFromDom(editor);
      if (shortcut) toggleMark(editor, shortcut.mark);
      else if (link) openLinkForm();
      else cleanFormatting(editor);
    },
    [editor, openLinkForm],
  );

  return (
    <div className="quiz-editor">
      <Slate
        editor={editor}
        initialValue={initialValue}
        onValueChange={(value) => onDocumentChange(value as AnswerDocument)}
      >
        <FormattingToolbar
          editorId={id}
          onOpenLink={openLinkForm}
          onChoosePicture={() => {
            onFilePickerOpen();
            fileInput.current?.click();
          }}
        />
        {linkForm && (
          <LinkForm
            initialUrl={linkForm.url}
            editing={linkForm.editing}
            onApply={(address) => {
              const result = applyLink(editor, address);
              if (result.ok) closeLinkForm();
              return result;
            }}
            onRemove={() => {
              removeLink(editor);
              closeLinkForm();
            }}
            onClose={closeLinkForm}
          />
        )}
        <input
          ref={fileInput}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          hidden
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            if (files.length > 0) addPictures(files);
          }}
        />
        <div className="quiz-editor-message" role="alert">
          {message}
        </div>
        <Editable
          id={id}
          className="quiz-editor-content answer-html"
          aria-labelledby={labelledBy}
          placeholder="Write something..."
          renderElement={AnswerElementView}
          renderLeaf={AnswerLeaf}
          renderPlaceholder={({ attributes, children }) => (
            // Slate's own placeholder is faded to a third, below a readable contrast.
            <span {...attributes} style={{ ...attributes.style, opacity: 1 }} className="quiz-editor-placeholder">
              {children}
            </span>
          )}
          spellCheck
          onKeyDown={onKeyDown}
          onPaste={(event) => onPaste(event.clipboardData.getData('text/plain').length)}
        />
      </Slate>
    </div>
  );
}
