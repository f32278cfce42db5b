import { RELEASE_PREVIEW_HEADER, RELEASE_PREVIEW_STORAGE_KEY } from '@assessment/core';

/**
 * The preview link this tab opened (`/preview/<token>`, `pnpm release preview`), kept for the tab
 * only (sessionStorage): the tab gets the previewed release, and a session it opens is a preview,
 * never counted as a candidate. Another tab, or this one once closed, is a candidate's again.
 */
function tabStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function holdReleasePreview(token: string): void {
  try {
    tabStorage()?.setItem(RELEASE_PREVIEW_STORAGE_KEY, token);
  } catch {
    // Storage refused: the tab gets the live releases, as a candidate's would.
  }
}

export function heldReleasePreview(): string | null {
  try {
    return tabStorage()?.getItem(RELEASE_PREVIEW_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** The header that carries the tab's preview link, when it holds one. */
export function releasePreviewHeaders(): Record<string, string> {
  const token = heldReleasePreview();
  return token ? { [RELEASE_PREVIEW_HEADER]: token } : {};
}
