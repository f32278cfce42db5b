import { SECTIONS } from '@assessment/core';
import type { APIRequestContext } from '@playwright/test';

/**
 * A file of the section's live release, as the product serves it (`/remotes/<section>/<version>/…`):
 * the version is the one `remotes.json` names now, so a test follows whatever release is live.
 */
export async function liveRemoteFile(request: APIRequestContext, sectionId: string, file: string): Promise<string> {
  const section = SECTIONS.byId(sectionId);
  if (!section) throw new Error(`no section ${sectionId}`);
  const remotes = (await (await request.get('/remotes.json')).json()) as Record<string, string>;
  const entry = remotes[section.remote.name];
  if (!entry) throw new Error(`remotes.json names no ${section.remote.name}`);
  return entry.replace(/remoteEntry\.js$/, file);
}
