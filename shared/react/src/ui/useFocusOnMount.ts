import { type RefObject, useEffect } from 'react';

/** Moves focus to a view's heading when the view appears, so keyboard and screen reader users follow along. */
export function useFocusOnMount(target: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    target.current?.focus();
  }, [target]);
}
