import type { ToggleMark } from './lib/types.ts';

/** Keyboard shortcuts of the answer editor, for is-hotkey (`mod` is Ctrl, or Cmd on a Mac). */
export const MARK_HOTKEYS: Record<ToggleMark, string> = {
  bold: 'mod+b',
  italic: 'mod+i',
  underline: 'mod+u',
  strike: 'mod+shift+x',
};
export const LINK_HOTKEY = 'mod+k';
export const CLEAN_HOTKEY = 'mod+\\';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

/** As people read it (`Ctrl+Shift+X`) and as aria-keyshortcuts wants it (`Control+Shift+X`). */
export function describeHotkey(hotkey: string): { label: string; aria: string } {
  const parts = hotkey.split('+').map((part) => (part === 'mod' ? (isMac ? 'Meta' : 'Control') : part));
  const pretty = (part: string) =>
    part === 'Meta'
      ? 'Cmd'
      : part === 'Control'
        ? 'Ctrl'
        : part.length === 1
          ? part.toUpperCase()
          : part[0]?.toUpperCase() + part.slice(1);
  return {
    label: parts.map(pretty).join('+'),
    aria: parts.map((part) => (part === 'shift' ? 'Shift' : part.length === 1 ? part.toUpperCase() : part)).join('+'),
  };
}
