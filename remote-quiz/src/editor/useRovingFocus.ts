import { type FocusEvent, type KeyboardEvent, type RefObject, useCallback, useEffect } from 'react';

const ITEM = '[data-toolbar-item]';

/**
 * The ARIA toolbar pattern: the toolbar is one Tab stop, and the arrow keys, Home and End move
 * between its controls. The last control used keeps the Tab stop.
 */
export function useRovingFocus(toolbar: RefObject<HTMLElement | null>) {
  const items = useCallback(() => Array.from(toolbar.current?.querySelectorAll<HTMLElement>(ITEM) ?? []), [toolbar]);

  const makeCurrent = useCallback(
    (target: HTMLElement) => {
      for (const item of items()) item.tabIndex = item === target ? 0 : -1;
    },
    [items],
  );

  useEffect(() => {
    const [first] = items();
    if (first) makeCurrent(first);
  }, [items, makeCurrent]);

  const onFocus = useCallback(
    (event: FocusEvent<HTMLElement>) => {
      if (event.target instanceof HTMLElement && event.target.matches(ITEM)) makeCurrent(event.target);
    },
    [makeCurrent],
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      const all = items();
      const index = all.indexOf(event.target as HTMLElement);
      if (index === -1) return;
      const next =
        event.key === 'ArrowRight'
          ? all[(index + 1) % all.length]
          : event.key === 'ArrowLeft'
            ? all[(index - 1 + all.length) % all.length]
            : event.key === 'Home'
              ? all[0]
              : event.key === 'End'
                ? all[all.length - 1]
                : undefined;
      if (!next) return;
      event.preventDefault();
      makeCurrent(next);
      next.focus();
    },
    [items, makeCurrent],
  );

  return { onFocus, onKeyDown };
}
