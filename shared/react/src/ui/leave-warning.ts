// Imported as `@assessment/react/leave-warning`, a subpath the federation does not share: it is
// built into each remote that uses it, so a remote redeployed with it runs under a shell built
// before it existed.
import { useEffect } from 'react';

/**
 * Until the function it answers is called, closing, reloading or going Back out of the page asks
 * the browser's own "Leave site?" question first, so a candidate does not lose by accident what
 * only this page still holds. The browser words the question; a page can only ask for it.
 */
export function warnBeforeLeaving(): () => void {
  const warn = (event: BeforeUnloadEvent) => event.preventDefault();
  window.addEventListener('beforeunload', warn);
  return () => window.removeEventListener('beforeunload', warn);
}

/** `warnBeforeLeaving` for as long as `active` holds. */
export function useWarnBeforeLeaving(active: boolean): void {
  useEffect(() => (active ? warnBeforeLeaving() : undefined), [active]);
}
