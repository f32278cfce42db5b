import { z } from '../zod.ts';

/** Where the shell sends what it saw of each section release (`api/src/routes/release-health.ts`). */
export const RELEASE_HEALTH_PATH = '/release-health';

/**
 * What a report counts: a section loaded; its remote entry, manifest or chunks failed to load; it
 * was refused for speaking another contract; its error boundary caught a render error; an error
 * or rejection nobody caught came from its files.
 */
export const HEALTH_KINDS = ['load', 'load-failure', 'contract', 'render', 'unhandled'] as const;
export type HealthKind = (typeof HEALTH_KINDS)[number];

/** Counts in one report at most: a page has three sections and five kinds. */
export const HEALTH_REPORT_ENTRIES = 15;
/** A report's body at most, in bytes: fifteen entries of a release id, a kind and a count fit in 1.5 KiB. */
export const HEALTH_REPORT_BYTES = 2048;

/** A report: release ids, kinds and counts only, never an answer or a name. */
export const healthReportSchema = z
  .object({
    reports: z
      .array(
        z
          .object({
            release: z.string().uuid(),
            kind: z.enum(HEALTH_KINDS),
            count: z.number().int().min(1).max(1000),
          })
          .strict(),
      )
      .min(1)
      .max(HEALTH_REPORT_ENTRIES),
  })
  .strict();
export type HealthReport = z.infer<typeof healthReportSchema>;

/**
 * A preview link (`pnpm release preview`) opens a section release before any candidate gets it:
 * its page is `/preview/<token>`, the tab keeps the token in sessionStorage under this key, and
 * sends it in this header with `remotes.json` and the registration while it holds it.
 */
export const RELEASE_PREVIEW_HEADER = 'Release-Preview';
export const RELEASE_PREVIEW_STORAGE_KEY = 'releasePreview';
/** Where the preview page asks what its link opens (`api/src/routes/releases.ts`). */
export const RELEASE_PREVIEW_PATH = '/release-previews';

/** What a preview link opens, as its page shows it. */
export const releasePreviewSchema = z
  .object({
    section: z.string(),
    version: z.string(),
    label: z.string(),
    expiresAt: z.string(),
  })
  .strict();
export type ReleasePreviewView = z.infer<typeof releasePreviewSchema>;
