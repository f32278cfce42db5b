import { handFocusOver } from '@assessment/react/focus';
import { type FocusEvent, type RefObject, useCallback, useLayoutEffect, useRef } from 'react';

/**
 * The reviewer's place in a view that is hidden for a while and then shown again (the view kept
 * under the sign-in form, app/ReviewLayout.tsx). Once shown, the focus is back on the control they
 * last used in it (else on its heading) and the browser tab is named for the view again. Left
 * alone, the focus would stay on the page body, where the sign-in form's button was, and the tab
 * would keep the sign-in form's name: a heading names the tab only when it appears or its title
 * changes (components/PageHeading.tsx).
 */
export function usePlaceKept(hidden: boolean): {
  view: RefObject<HTMLElement | null>;
  onFocus: (event: FocusEvent<HTMLElement>) => void;
} {
  const view = useRef<HTMLElement>(null);
  const lastFocused = useRef<HTMLElement | null>(null);
  const viewTitle = useRef<string | null>(null);

  // A layout effect: the title is read before the sign-in form's heading renames the tab (in a
  // passive effect), and the focus is back before the reviewer can press another key.
  useLayoutEffect(() => {
    if (hidden) {
      viewTitle.current = document.title;
      return;
    }
    if (viewTitle.current === null) return;
    document.title = viewTitle.current;
    viewTitle.current = null;
    const last = lastFocused.current;
    const place = last?.isConnected && view.current?.contains(last) ? last : view.current?.querySelector('h1');
    // From nothing: the sign-in form's button the reviewer pressed has gone. A reviewer who already
    // moved on (to the skip link, say) keeps their place.
    handFocusOver(null, place);
  }, [hidden]);

  const onFocus = useCallback((event: FocusEvent<HTMLElement>) => {
    lastFocused.current = event.target;
  }, []);
  return { view, onFocus };
}
