import type { MouseEvent } from 'react';

/**
 * Followed by the browser, the link would leave the focus on the page body wherever its target
 * takes none, and a screen reader would not say where the reviewer is. So the target takes the
 * focus, but only until it loses it: a region that stayed focusable would take the focus of every
 * click on its text, and the next Tab would start again from its top instead of where the
 * reviewer clicked. A click with a modifier (a new tab or window) stays the browser's.
 */
export function SkipLink({ target, children }: { target: string; children: string }) {
  const focusTarget = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const region = document.getElementById(target);
    if (!region) return;
    event.preventDefault();
    region.setAttribute('tabindex', '-1');
    region.addEventListener('blur', () => region.removeAttribute('tabindex'), { once: true });
    region.focus();
  };
  return (
    <a className="skip-link" href={`#${target}`} onClick={focusTarget}>
      {children}
    </a>
  );
}
