import type { EditorUnderTest } from './editor-under-test.ts';

/** The floor: the browser's own text field, no framework, no rich text. */
export function mount(root: HTMLElement, paragraphs: string[]): EditorUnderTest {
  const textarea = document.createElement('textarea');
  textarea.className = 'typing-bench-box';
  textarea.setAttribute('aria-label', 'Answer');
  textarea.value = paragraphs.join('\n\n');
  root.append(textarea);
  // A textarea's text is not DOM; its input event fires once the new value is in.
  return { editable: textarea, onContentChange: (listener) => textarea.addEventListener('input', listener) };
}
