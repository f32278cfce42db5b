import { useEffect } from 'react';

/**
 * While something is still on its way to the server, closing the tab asks the browser's own
 * "Leave site?" question, so a candidate does not lose it by leaving a moment too early.
 */
export function useWarnBeforeLeaving(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
