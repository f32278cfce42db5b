/** What each editor page gives the probe: where keystrokes go, and when its DOM shows them. */
export interface EditorUnderTest {
  /** The element that takes the keystrokes; Playwright focuses it by `[data-typing-target]`. */
  editable: HTMLElement;
  /** Calls back whenever the editor's visible content changed. */
  onContentChange(listener: () => void): void;
  /** The product's autosave, where the page runs it (Slate only). */
  autosave?: { read(): AutosaveReading; reset(): void };
}

/** Contenteditable editors: any DOM change under the editable element. */
export function watchMutations(editable: HTMLElement): EditorUnderTest {
  return {
    editable,
    onContentChange(listener) {
      new MutationObserver(listener).observe(editable, { childList: true, characterData: true, subtree: true });
    },
  };
}

/** What the page exposes to the bench in Node (through `window.typingBench`). */
export interface TypingBenchApi {
  /** Forgets everything measured so far (after the warm-up keystrokes). */
  reset(): void;
  read(): TypingReading;
}

export interface TypingReading {
  /** Keystroke to the end of the frame that shows it, in ms, one per keystroke. */
  latencies: number[];
  /** Keystrokes whose change never showed up in the DOM. */
  unseen: number;
  /** Slate only: the quiz's autosave, see autosave-meter.ts. */
  autosave?: AutosaveReading;
}

export interface AutosaveReading {
  keystrokes: number;
  /** Main-thread ms spent in the autosave's per-keystroke call (scheduling the save). */
  onKeystrokeMs: number;
  /** Main-thread ms of each debounced save that ran (serialize, store update, localStorage). */
  savesMs: number[];
}
