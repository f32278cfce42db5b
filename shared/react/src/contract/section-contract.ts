import type { TestDefinition } from '@assessment/core';

/**
 * Bumped whenever the props below change in a way an older remote cannot handle.
 * The shell refuses a remote whose `contractVersion` differs, with a clear message,
 * instead of rendering something that crashes halfway through an assessment.
 */
export const SECTION_CONTRACT_VERSION = 1;

export type SectionName = 'quiz' | 'vintro' | 'iprep';

export interface NavigationOptions {
  /** Replace the current history entry: for guards, so Back does not land on the page that redirected. */
  replace?: boolean;
}

/** The props every section remote receives from the shell (or from its standalone harness). */
export interface SectionProps {
  test: TestDefinition;
  /** The invitation identifier from the link, already validated against the catalogue. */
  inviteId: string;
  /** Go to another section of this invitation (client-side, no reload). */
  goToSection: (section: SectionName, options?: NavigationOptions) => void;
  /** Back to the invitation's landing page (`/invite/:testId`). */
  goToLanding: (options?: NavigationOptions) => void;
}

/** What a remote's `./Section` module exports. */
export interface SectionModule {
  default: import('react').ComponentType<SectionProps>;
  contractVersion: number;
}
