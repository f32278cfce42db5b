import { statfs } from 'node:fs/promises';
import { NoRoomError } from '../http/errors.ts';

/** How soon a browser refused for want of disk may try again: room comes back only as someone makes it. */
const RETRY_AFTER_SECONDS = 60;

/**
 * Video bytes stop at a reserve of free disk space. Videos are the only writes big enough to fill
 * a disk, and anyone with a test's open link can start session after session, each with its own
 * uploads (DEPLOY.md, the limits): without a floor they could fill the disk the database writes
 * to, and the next answers a candidate types would fail to save. With it, only videos wait, which
 * a candidate's browser keeps sending (or the candidate goes on without), while every answer is
 * still kept. The check is of the folder uploads are written to, so it guards the database where
 * both share a disk, as they do by default (`DATA_DIR`).
 */
export function diskReserve(folder: string, reserveBytes: number) {
  return {
    /** Throws 507 when writing `incomingBytes` more would leave less than the reserve free. */
    async requireRoomFor(incomingBytes: number): Promise<void> {
      const disk = await statfs(folder);
      const free = disk.bavail * disk.bsize;
      if (free - incomingBytes >= reserveBytes) return;
      throw new NoRoomError(
        'The server has no room for videos just now; sending can be tried again later, and everything else you send is still kept',
        RETRY_AFTER_SECONDS,
      );
    },
  };
}
