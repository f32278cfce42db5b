/** One finished recording ("take"), as kept in the browser until the server has it. */
export interface Take {
  id: string;
  /** The playable file, duration already in its header. */
  blob: Blob;
  mimeType: string;
  durationMs: number;
  createdAt: number;
  /** Set once the candidate pressed Submit: after a reload the upload then goes on by itself. */
  submitted: boolean;
  /** The tus upload of this take, so a reload resumes it instead of starting again. */
  uploadUrl: string | null;
}

/** Told with a take only this page holds: the browser would not keep a copy of it. */
export const ONLY_THIS_PAGE_HOLDS =
  'This browser could not keep a copy of it, so keep this page open until it has been sent.';
