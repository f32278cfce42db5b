import { RELEASE_PREVIEW_PATH, type ReleasePreviewView, releasePreviewSchema } from '@assessment/core';

/** What the server says of a preview link: what it opens, or why it opens nothing. */
export type PreviewLinkState =
  | { kind: 'open'; preview: ReleasePreviewView }
  | { kind: 'expired' }
  | { kind: 'invalid' }
  /** The server could not be asked, or answered something else: asking again may work. */
  | { kind: 'unreachable' };

/** The states of a preview link from the server's answer (`api/src/routes/releases.ts`). */
export function previewLinkStateOf(status: number, body: unknown): PreviewLinkState {
  if (status === 410) return { kind: 'expired' };
  if (status === 404) return { kind: 'invalid' };
  const preview = status === 200 ? releasePreviewSchema.safeParse(body) : undefined;
  return preview?.success ? { kind: 'open', preview: preview.data } : { kind: 'unreachable' };
}

export async function readPreviewLink(token: string): Promise<PreviewLinkState> {
  try {
    const response = await fetch(`/api${RELEASE_PREVIEW_PATH}/${encodeURIComponent(token)}`, { cache: 'no-store' });
    return previewLinkStateOf(response.status, await response.json().catch(() => undefined));
  } catch {
    return { kind: 'unreachable' };
  }
}
