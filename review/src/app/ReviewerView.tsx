import type { ReactNode } from 'react';

/**
 * The signed-in reviewer's view. While their sign-in has ended it stays mounted, so nothing they
 * typed is lost, but `hidden` (out of sight and of the accessibility tree) and inert (out of the
 * keyboard's reach), under the sign-in form, which is then the page's one shown main landmark and
 * the skip link's target.
 */
export function ReviewerView({ hidden, children }: { hidden: boolean; children: ReactNode }) {
  return (
    <main id={hidden ? undefined : 'main'} className="review-main" hidden={hidden} inert={hidden}>
      {children}
    </main>
  );
}
