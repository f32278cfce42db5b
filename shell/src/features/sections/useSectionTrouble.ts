import { type Section, type SectionTroubleKind, wireSessionRef } from '@assessment/core';
import { browserStorage, type InviteLink, isSessionOfLink, postSectionTrouble, sessionStore } from '@assessment/react';
import { useMemo } from 'react';
import { troubleEnded, troubleStarted } from './lib/section-trouble.ts';

export interface SectionTroubleReport {
  /** The section failed in front of the candidate (could not load, or stopped working). */
  failed: (kind: SectionTroubleKind) => void;
  /** The section is on screen and working. */
  shown: () => void;
}

/**
 * Tells the hiring company, through the outbox, when a section failed in front of the candidate
 * and when it showed again, so their timeline shows the minutes lost to the product. Only for the
 * session this browser holds for the link; a failure goes on across retries and reloads until the
 * section shows (`lib/section-trouble.ts`).
 */
export function useSectionTrouble(section: Section, link: InviteLink): SectionTroubleReport {
  return useMemo(() => {
    const report = (
      trouble: { troubleId: string; kind: SectionTroubleKind; startedAt: number },
      endedAt: number | null,
    ) => {
      const session = sessionStore.getState();
      if (!isSessionOfLink(session, link) || session.sessionId === null) return;
      postSectionTrouble({
        ...wireSessionRef({ sessionId: session.sessionId, testId: link.testId }),
        troubleId: trouble.troubleId,
        sectionId: section.id,
        kind: trouble.kind,
        startedAt: trouble.startedAt,
        endedAt,
      });
    };
    return {
      failed: (kind) => {
        const { trouble, isNew } = troubleStarted(browserStorage(), {
          testId: link.testId,
          sectionId: section.id,
          kind,
          now: Date.now(),
        });
        if (isNew) report(trouble, null);
      },
      shown: () => {
        const ended = troubleEnded(browserStorage(), { testId: link.testId, sectionId: section.id, now: Date.now() });
        if (ended) report(ended, ended.endedAt);
      },
    };
  }, [section, link]);
}
