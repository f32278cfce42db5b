import { handFocusOver } from '@assessment/react/focus';
import { useCallback, useEffect, useRef } from 'react';

interface Retry {
  /** The "Try again" pressed. */
  from: HTMLElement;
  /** The part of the page the load is for: the nearest ancestor named by a heading, or the view's `main`. */
  region: Element | null;
}

/** The heading that names `region`, looked for once the load is on screen (a view's h1 may only come with it). */
function headingOf(region: Element): HTMLElement | null {
  const label = region.getAttribute('aria-labelledby');
  return label ? document.getElementById(label) : region.querySelector('h1');
}

/**
 * Hands the keyboard focus on from a load problem's "Try again" once the problem leaves the page,
 * to the heading of the part the retry loaded (it needs `tabIndex={-1}`). Left alone, the focus
 * falls to the page's body with the button, and the next Tab starts again from the top. The
 * problem leaves when a load succeeds: a retry that fails keeps it on screen, and the focus on its
 * button (`useResource` keeps the error while it loads again). It also leaves with a view the
 * reviewer moved away from: their focus is elsewhere then, or the heading gone with the view, and
 * nothing moves. `LoadProblem` calls what it returns with the button as it is pressed.
 */
export function useFocusAfterRetry(): (pressed: HTMLElement) => void {
  const retry = useRef<Retry | null>(null);
  useEffect(
    () => () => {
      const last = retry.current;
      if (last?.region) handFocusOver(last.from, headingOf(last.region));
    },
    [],
  );
  return useCallback((pressed) => {
    retry.current = { from: pressed, region: pressed.closest('[aria-labelledby], main') };
  }, []);
}
