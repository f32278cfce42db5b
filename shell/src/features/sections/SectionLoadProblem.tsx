import { useFocusOnMount } from '@assessment/react';
import { useRef } from 'react';

interface Props {
  message: string;
  onRetry: () => void;
}

/** Shown instead of a blank page when a section cannot be loaded. Saved work lives in storage and is untouched. */
export function SectionLoadProblem({ message, onRetry }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnMount(heading);
  return (
    <div className="section-problem" role="alert">
      <h2 ref={heading} tabIndex={-1}>
        {message}
      </h2>
      <p>Everything you have entered so far is saved in this browser. Check your internet connection and try again.</p>
      <button type="button" className="button button-primary" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
