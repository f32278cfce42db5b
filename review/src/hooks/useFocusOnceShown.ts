import { handFocusOver } from '@assessment/react/focus';
import { useCallback, useEffect, useState } from 'react';

interface Handover {
  /** The control the reviewer pressed: the focus moves only while it is still there, or nowhere. */
  from: Element | null;
  /** Where the reviewer goes on from, looked for once the change is on screen (none: the focus stays). */
  to: () => HTMLElement | null | undefined;
}

/**
 * Hands the keyboard focus on after a change that removes the control the reviewer pressed, or
 * moves what they asked for past it: left alone, the focus falls to the page's body and the next
 * Tab starts again from the top. The target is looked for after the render that shows the change,
 * not at a guessed moment (a state set after an await renders later than a frame). A reviewer who
 * moved on while waiting keeps their place.
 */
export function useFocusOnceShown(): (from: Element | null, to: Handover['to']) => void {
  const [handover, setHandover] = useState<Handover | null>(null);
  useEffect(() => {
    if (handover === null) return;
    setHandover(null);
    handFocusOver(handover.from, handover.to());
  }, [handover]);
  return useCallback((from, to) => setHandover({ from, to }), []);
}
