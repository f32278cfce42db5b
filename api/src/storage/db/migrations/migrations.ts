import { type Migration, Migrator } from 'kysely';
import type { Db, Dialect } from '../database.ts';
import { legacySchema } from './0001-legacy-schema.ts';
import { demographics } from './0002-demographics.ts';
import { listColumns } from './0003-list-columns.ts';
import { reviewerRoles } from './0004-reviewer-roles.ts';
import { accessLog } from './0005-access-log.ts';
import { taskRuns } from './0006-task-runs.ts';
import { privacy } from './0007-privacy.ts';
import { decisions } from './0008-decisions.ts';
import { deliveries } from './0009-deliveries.ts';
import { reminders } from './0010-reminders.ts';
import { webhooks } from './0011-webhooks.ts';
import { quizStart } from './0012-quiz-start.ts';
import { ratings } from './0013-ratings.ts';
import { accessLinks } from './0014-access-links.ts';
import { blindReview } from './0015-blind-review.ts';
import { stageReasons } from './0016-stage-reasons.ts';
import { twoFactor } from './0017-two-factor.ts';
import { sectionRecords } from './0018-section-records.ts';
import { fastCompression } from './0019-fast-compression.ts';
import { trustedBrowsers } from './0020-trusted-browsers.ts';
import { retentionPeriods } from './0021-retention-periods.ts';
import { queuedByCompany } from './0022-queued-by-company.ts';
import { stageReasonLists } from './0023-stage-reason-lists.ts';
import { invitationLooks } from './0024-invitation-looks.ts';
import { reportMonths } from './0025-report-months.ts';
import { judgementAuthors } from './0026-judgement-authors.ts';
import { releases } from './0027-releases.ts';
import { greenhouse } from './0028-greenhouse.ts';
import { insights } from './0029-insights.ts';
import { sectionTroubles } from './0030-section-troubles.ts';
import { rollouts } from './0031-rollouts.ts';
import { releaseContacts } from './0032-release-contacts.ts';
import { shareStages } from './0033-share-stages.ts';
import { releasePreviews } from './0034-release-previews.ts';
import { insightFacts } from './0035-insight-facts.ts';

/**
 * The one migration history of both databases, in order. Append only: a migration that has
 * shipped is never edited. Each is written once; where the databases really differ it asks the
 * dialect (a column's type, the legacy schema), never names one.
 */
const HISTORY: [string, (dialect: Dialect) => Migration][] = [
  ['0001-legacy-schema', legacySchema],
  ['0002-demographics', demographics],
  ['0003-list-columns', listColumns],
  ['0004-reviewer-roles', reviewerRoles],
  ['0005-access-log', accessLog],
  ['0006-task-runs', taskRuns],
  ['0007-privacy', privacy],
  ['0008-decisions', decisions],
  ['0009-deliveries', deliveries],
  ['0010-reminders', reminders],
  ['0011-webhooks', webhooks],
  ['0012-quiz-start', quizStart],
  ['0013-ratings', ratings],
  ['0014-access-links', accessLinks],
  ['0015-blind-review', blindReview],
  ['0016-stage-reasons', stageReasons],
  ['0017-two-factor', twoFactor],
  ['0018-section-records', sectionRecords],
  ['0019-fast-compression', fastCompression],
  ['0020-trusted-browsers', trustedBrowsers],
  ['0021-retention-periods', retentionPeriods],
  ['0022-queued-by-company', queuedByCompany],
  ['0023-stage-reason-lists', stageReasonLists],
  ['0024-invitation-looks', invitationLooks],
  ['0025-report-months', reportMonths],
  ['0026-judgement-authors', judgementAuthors],
  ['0027-releases', releases],
  ['0028-greenhouse', greenhouse],
  ['0029-insights', insights],
  ['0030-section-troubles', sectionTroubles],
  ['0031-rollouts', rollouts],
  ['0032-release-contacts', releaseContacts],
  ['0033-share-stages', shareStages],
  ['0034-release-previews', releasePreviews],
  ['0035-insight-facts', insightFacts],
];

/**
 * Creates or upgrades the schema, all pending migrations in one transaction: Kysely's own, or,
 * with `inOpenTransaction`, the one the caller holds already (to take its lock before Kysely reads
 * anything). A database that has applied a migration this server does not know (a newer server's)
 * is refused. `upTo` stops after the named migration: an upgrade test starts from a schema as an
 * older server left it.
 */
export async function migrate(
  db: Db,
  dialect: Dialect,
  { inOpenTransaction = false, upTo }: { inOpenTransaction?: boolean; upTo?: string } = {},
): Promise<void> {
  const migrations = Object.fromEntries(HISTORY.map(([name, migration]) => [name, migration(dialect)]));
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    disableTransactions: inOpenTransaction,
  });
  const { error, results } = await (upTo === undefined ? migrator.migrateToLatest() : migrator.migrateTo(upTo));
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    throw new Error(`${dialect.name} migration ${failed ?? ''} failed: ${(error as Error).message ?? error}`, {
      cause: error,
    });
  }
}
