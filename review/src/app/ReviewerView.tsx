import type { ReactNode } from 'react';
import { usePlaceKept } from '../hooks/usePlaceKept.ts';

/**
 * The signed-in reviewer's view. While their sign-in has ended it stays mounted, so nothing they
 * typed is lost, but `hidden` (out of sight and of the accessibility tree) and inert (out of the
 * keyboard's reach), under the sign-in form, which is then the page's one shown main landmark and
 * the skip link's target. Shown again, it gives the reviewer back their place.
 */
export function ReviewerView({ hidden, children }: { hidden: boolean; children: ReactNode }) {
  const { view, onFocus } = usePlaceKept(hidden);
  return (
    <main
      ref={view}
      id={hidden ? undefined : 'main'}
      className="review-main"
      hidden={hidden}
      inert={hidden}
      onFocus={onFocus}
    >
      {children}
    </main>
  );
}
