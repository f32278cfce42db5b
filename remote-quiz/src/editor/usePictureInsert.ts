import { useCallback, useEffect, useRef } from 'react';
import type { Editor } from 'slate';
import { ReactEditor } from 'slate-react';
import { insertImage } from './lib/transforms.ts';
import { pictureFromFile } from './picture-file.ts';

/**
 * Adds picture files (chosen, pasted or dropped) to the answer, downscaled; a picture that cannot
 * be added leaves a message saying why instead.
 */
export function usePictureInsert(editor: Editor, pictureRoom: () => number, showMessage: (message: string) => void) {
  const room = useRef(pictureRoom);
  useEffect(() => {
    room.current = pictureRoom;
  }, [pictureRoom]);

  return useCallback(
    (files: File[]) => {
      void (async () => {
        for (const file of files) {
          const picture = await pictureFromFile(file, room.current());
          if (!picture.ok) {
            showMessage(picture.message);
            return;
          }
          insertImage(editor, picture.src);
        }
        showMessage('');
        ReactEditor.focus(editor);
      })();
    },
    [editor, showMessage],
  );
}
