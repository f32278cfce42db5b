import { useFocusOnMount } from '@assessment/react/focus';
import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A view's one h1. It takes focus when the view appears, so keyboard and screen-reader users hear
 * where a link took them, and it names the browser tab.
 */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnMount(heading);
  useEffect(() => {
    document.title = `${title} · Review`;
  }, [title]);
  return (
    <h1 ref={heading} tabIndex={-1} className="page-heading">
      {children ?? title}
    </h1>
  );
}
