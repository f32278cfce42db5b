import { saveAnswers, sessionStore } from '@assessment/react';
import { useEffect, useState } from 'react';
import { type AnswerSync, createAnswerSync } from '../lib/answer-sync.ts';
import type { DraftRegistry } from '../lib/draft-registry.ts';
import type { ProgressStore } from '../lib/progress-store.ts';
import { proctoringToSend } from '../lib/quiz-progress.ts';
import { quizSession } from '../quiz-session.ts';

/** How often changed answers go to the API while the candidate works. */
export const SYNC_INTERVAL_MS = 10_000;

/**
 * Keeps the API up to date: every SYNC_INTERVAL_MS when something changed, at once when this
 * browser's storage is full (the server is then the only safe copy), and when the page is hidden.
 */
export function useAnswerSync(testId: string, progress: ProgressStore, drafts: DraftRegistry): AnswerSync {
  const [sync] = useState(() =>
    createAnswerSync(
      testId,
      () => {
        const { sessionId } = sessionStore.getState();
        return {
          sessionId,
          answers: quizSession.getState().answers,
          proctoring: proctoringToSend(progress.getState()),
        };
      },
      saveAnswers,
    ),
  );

  useEffect(() => {
    const stopAnswers = quizSession.subscribe((state, previous) => {
      if (state.answers === previous.answers) return;
      sync.markChanged();
      if (sessionStore.getState().lastSaveFailed) sync.sendIfChanged();
    });
    const stopProctoring = progress.subscribe((state, previous) => {
      if (state.proctoring !== previous.proctoring) sync.markChanged();
    });
    const timer = setInterval(() => sync.sendIfChanged(), SYNC_INTERVAL_MS);
    const onHide = () => {
      drafts.flushAll();
      sync.sendIfChanged();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') onHide();
    };
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopAnswers();
      stopProctoring();
      clearInterval(timer);
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      onHide();
    };
  }, [sync, progress, drafts]);

  return sync;
}
