import type { TestDefinition } from '@assessment/core';

/**
 * Bumped whenever the props below change in a way an older remote cannot handle.
 * The shell refuses a remote whose `contractVersion` differs, with a clear message,
 * instead of rendering something that crashes halfway through an assessment.
 */
export const SECTION_CONTRACT_VERSION = 3;

export interface NavigationOptions {
  /** Replace the current history entry: for guards, so Back does not land on the page that redirected. */
  replace?: boolean;
}

/**
 * The props every section remote receives from the shell (or from its standalone harness).
 *
 * Besides the props, one rule of the page: a section renders its main heading as the screen's one
 * `h1`, with tabIndex -1. The shell moves focus to it when the section has loaded, so a screen
 * reader announces the section and Tab starts there.
 */
export interface SectionProps {
  test: TestDefinition;
  /** The test's 8-character id from the invitation link, already validated against the catalogue. */
  testId: string;
  /**
   * Extra quiz time granted to this candidate's personal invitation, in percent (0 for the open
   * link); the quiz's time limit is `quizTimeLimitMinutes(test, extraTimePercent)`. The hiring
   * company may change it while the candidate works, so it may change while a section is shown.
   */
  extraTimePercent: number;
  /**
   * On to the section after this one, as the section registry orders them (client-side, no
   * reload); after the last section, back to the landing page. A section never names another.
   */
  goToNext: (options?: NavigationOptions) => void;
  /** Back to the invitation's landing page (`/invite/:testId`). */
  goToLanding: (options?: NavigationOptions) => void;
}

/** What a remote's exposed module (`./Section`) exports. */
export interface SectionModule {
  default: import('react').ComponentType<SectionProps>;
  contractVersion: number;
}
