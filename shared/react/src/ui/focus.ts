// Also `@assessment/react/focus`: the focus helpers alone, for a page that takes nothing else of the
// package (the review page).
export { useFocusOnMount } from './useFocusOnMount.ts';

/**
 * Nothing has focus: the control that had it was removed (or disabled), so the browser left focus
 * on the page body, and the next Tab would start from the top of the page.
 */
export function focusIsFree(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body;
}

/**
 * A control the person used is replaced by another (Request Camera Access by the camera, a
 * finished recording by its player, a reviewer's saved form by its notice): focus follows to `to`,
 * but only while it is still on `from` or nowhere (`from` null: only from nowhere, the control used
 * being gone). Focus never leaves something the person has moved on to, such as an answer or a
 * note they are typing.
 */
export function handFocusOver(from: Element | null, to: HTMLElement | null | undefined): void {
  if (!to) return;
  if (focusIsFree() || (from !== null && document.activeElement === from)) to.focus();
}
