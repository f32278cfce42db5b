import Quill from 'quill';
import 'quill/dist/quill.snow.css';
import { type EditorUnderTest, watchMutations } from './editor-under-test.ts';

/** The answer editor's toolbar, which the original product built with Quill. */
const TOOLBAR = [
  [{ header: [1, 2, false] }],
  [{ font: [] }],
  [{ size: ['small', false, 'large', 'huge'] }],
  ['bold', 'italic', 'underline', 'strike', 'blockquote'],
  [{ list: 'ordered' }, { list: 'bullet' }, { indent: '-1' }, { indent: '+1' }],
  ['link', 'image'],
  ['clean'],
];

export function mount(root: HTMLElement, paragraphs: string[]): EditorUnderTest {
  const container = document.createElement('div');
  container.className = 'typing-bench-quill';
  // Quill takes the HTML already in its container as the initial document.
  container.innerHTML = paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('');
  root.append(container);
  const quill = new Quill(container, {
    theme: 'snow',
    modules: { toolbar: TOOLBAR },
    placeholder: 'Write something...',
  });
  return watchMutations(quill.root);
}
