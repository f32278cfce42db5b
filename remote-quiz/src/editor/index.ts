export { AnswerEditor } from './AnswerEditor.tsx';
export type { AnswerDocument } from './lib/types.ts';
