import { focusIsFree } from '@assessment/react';
import { type RefObject, useEffect } from 'react';

/**
 * Once the section's remote is on the page, focus goes to its main heading (the `h1`, which every
 * section renders with tabIndex -1): a screen reader announces the new section, and the next Tab
 * starts from its top instead of the top of the page. A section may render its heading a moment
 * after it loads, or replace its whole screen (and heading) later, as the quiz does once it is
 * submitted: the container is watched, and a new heading takes focus when the old one is gone
 * and focus went with it.
 */
export function useSectionHeadingFocus(container: RefObject<HTMLElement | null>, ready: boolean): void {
  useEffect(() => {
    const main = container.current;
    if (!ready || !main) return;
    let heading: HTMLElement | null = null;
    const settle = () => {
      if (heading?.isConnected) return;
      heading = main.querySelector<HTMLElement>('h1');
      if (heading && focusIsFree()) heading.focus();
    };
    settle();
    const watcher = new MutationObserver(settle);
    watcher.observe(main, { childList: true, subtree: true });
    return () => watcher.disconnect();
  }, [container, ready]);
}
