import '@assessment/react/base.css';
import './typing-bench.css';
import { answerParagraphs } from './answer-text.ts';
import type { EditorUnderTest, TypingBenchApi } from './editor-under-test.ts';
import { installProbe } from './probe.ts';

/** Each editor is its own chunk: a page carries only the editor it measures. */
const editors: Record<string, () => Promise<{ mount(root: HTMLElement, paragraphs: string[]): EditorUnderTest }>> = {
  slate: () => import('./slate.tsx'),
  quill: () => import('./quill.ts'),
  textarea: () => import('./textarea.ts'),
};

const params = new URLSearchParams(window.location.search);
const load = editors[params.get('editor') ?? ''];
const root = document.getElementById('root');
if (!load || !root) throw new Error('Open this page with ?editor=slate|quill|textarea&words=N');
const { mount } = await load();
const editor = mount(root, answerParagraphs(Number(params.get('words'))));
editor.editable.dataset.typingTarget = '';
(window as Window & { typingBench?: TypingBenchApi }).typingBench = installProbe(editor);
