import { useFocusOnMount } from '@assessment/react';
import { type ReactNode, useRef } from 'react';

/**
 * A full-page notice about the invitation link, in place of the landing page. Its heading takes
 * focus when it appears, so a screen reader reads out what happened.
 */
export function InvitationNotice({ title, children }: { title: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnMount(heading);
  return (
    <main className="centered-page invitation-notice" aria-labelledby="invitation-notice-title">
      <h1 id="invitation-notice-title" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </main>
  );
}
