import { type RefObject, useEffect } from 'react';

/**
 * Plays `blob` in the `<video>`: a `blob:` address is made for it and let go of when the blob
 * changes or the player goes. The element is emptied (no `src`, `load()`) before the address is
 * revoked: a media element goes on fetching ranges of its source after it leaves the page, and a
 * revoked address answers those with an error.
 */
export function useVideoBlob(video: RefObject<HTMLVideoElement | null>, blob: Blob): void {
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const address = URL.createObjectURL(blob);
    element.src = address;
    return () => {
      element.removeAttribute('src');
      element.load();
      URL.revokeObjectURL(address);
    };
  }, [video, blob]);
}
