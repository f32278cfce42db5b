import type { EditorUnderTest, TypingBenchApi } from './editor-under-test.ts';

/**
 * Keystroke-to-paint latency. A keystroke starts at its keydown's timeStamp: when the browser
 * received the key, so time spent waiting behind other work counts. It ends with the first frame
 * after the editor's DOM shows it: requestAnimationFrame runs just before that frame's style,
 * layout and paint, and a message posted from there is handled right after them.
 */
export function installProbe(editor: EditorUnderTest): TypingBenchApi {
  let latencies: number[] = [];
  /** Keystrokes received whose change is not in the DOM yet. */
  let typed: number[] = [];
  /** Keystrokes in the DOM, waiting for the next frame. */
  let shown: number[] = [];
  let frameRequested = false;

  window.addEventListener(
    'keydown',
    (event) => {
      if (event.key.length === 1) typed.push(event.timeStamp);
    },
    { capture: true },
  );

  editor.onContentChange(() => {
    if (typed.length === 0) return;
    shown.push(...typed);
    typed = [];
    if (frameRequested) return;
    frameRequested = true;
    requestAnimationFrame(() => {
      // What changes after this point belongs to the next frame.
      const inThisFrame = shown;
      shown = [];
      frameRequested = false;
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        const painted = performance.now();
        for (const start of inThisFrame) latencies.push(painted - start);
      };
      channel.port2.postMessage(null);
    });
  });

  return {
    reset() {
      latencies = [];
      typed = [];
      editor.autosave?.reset();
    },
    read: () => ({ latencies, unseen: typed.length, autosave: editor.autosave?.read() }),
  };
}
