import { defineSectionRegistry } from './section-registry.ts';

/**
 * The assessment's sections. Routes, the shell's remote loader, the federation settings, the
 * API's static folders, the default `remotes.json`, the landing page's list and which section
 * comes next are all derived from here: adding a section is one entry here plus its remote folder.
 */
export const SECTIONS = defineSectionRegistry([
  {
    id: 'quiz',
    segment: 'quiz',
    order: 1,
    title: 'Problem Solving',
    summary: (test) => `Answer ${test.questionCount} questions.`,
    finishedWhen: ['quizSubmitted'],
    remote: { name: 'remoteQuiz', exposes: './Section' },
  },
  {
    id: 'video',
    segment: 'vintro',
    order: 2,
    title: 'Video Introduction',
    summary: () => 'Record a prepared video introduction.',
    // A recording sent, or the honest way on without a working camera.
    finishedWhen: ['VideoRecorded', 'noVideo'],
    remote: { name: 'remoteVideo', exposes: './Section' },
  },
  {
    id: 'feedback',
    segment: 'iprep',
    order: 3,
    title: 'Interview Preparation',
    summary: () => 'Leave feedback to help us improve the assessment.',
    // Its Submit: the last step, so the whole assessment is finished.
    finishedWhen: ['feedbackSent'],
    remote: { name: 'remoteFeedback', exposes: './Section' },
  },
]);

export type Section = (typeof SECTIONS.sections)[number];
export type SectionId = Section['id'];
export type SectionSegment = Section['segment'];
