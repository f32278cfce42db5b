import type { SectionTroubleKind } from '@assessment/core';
import { useFocusOnMount } from '@assessment/react';
import { useRef } from 'react';

interface Props {
  message: string;
  kind: SectionTroubleKind;
  onRetry: () => void;
}

/**
 * What the candidate can do, by why the section is not shown: only an unreachable section is a
 * matter of their connection. Each failure goes on their timeline for the hiring company
 * (`useSectionTrouble`), which the candidate is told.
 */
const ADVICE: Record<SectionTroubleKind, string> = {
  unreachable: 'Check your internet connection and try again.',
  contract: 'A new version of this section is being released. Please try again in a few minutes.',
  crashed: 'Please try again.',
};

/** Shown instead of a blank page when a section cannot be loaded. Saved work lives in storage and is untouched. */
export function SectionLoadProblem({ message, kind, onRetry }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnMount(heading);
  return (
    <div className="section-problem" role="alert">
      <h2 ref={heading} tabIndex={-1}>
        {message}
      </h2>
      <p>Everything you have entered so far is saved in this browser. {ADVICE[kind]}</p>
      <p>The hiring company sees when this section could not be shown to you, and for how long.</p>
      <button type="button" className="button button-primary" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
