import {
  CAMERA_OUTCOMES,
  type Criterion,
  dayStart,
  FUNNEL_STEPS,
  type Insights,
  type InsightsFunnelStep,
  type InsightsQuery,
  OPEN_LINK_FUNNEL_STEPS,
  OTHER_GROUP,
  RATING_SCALE,
  RECOMMENDATIONS,
  SKIP_GROUPS,
  SMALLEST_SHOWN_COUNT,
  type TestDefinition,
  TIMED_SECTIONS,
} from '@assessment/core';
import type { InsightCounts, InsightsStore, RatingCounts } from '../storage/insights/insights-store.ts';
import type { RatingStore } from '../storage/ratings/rating-store.ts';

const DAY_MS = 86_400_000;

/*
 * The small-cell rule of the demographics report (`SMALLEST_SHOWN_COUNT`,
 * `api/src/privacy/gender-report.ts`), for the Insights: a count under 5 is not shown, nor is any
 * figure computed from fewer than 5 candidates, so that no choice of test and period singles
 * someone out.
 */

/** A count, or null under 5. */
export const shownCount = (count: number): number | null => (count >= SMALLEST_SHOWN_COUNT ? count : null);

/** A figure computed from this many candidates, or null where they are fewer than 5. */
export const shownFigure = <Figure>(candidates: number, figure: Figure): Figure | null =>
  candidates >= SMALLEST_SHOWN_COUNT ? figure : null;

/**
 * The share `part` of `whole`, or null where the share, with `whole`, would tell a count under 5:
 * fewer than 5 in the part, or fewer than 5 left out of it.
 */
export function shownShare(part: number, whole: number): number | null {
  const small = (count: number) => count < SMALLEST_SHOWN_COUNT;
  return small(whole) || small(part) || small(whole - part) ? null : part / whole;
}

/**
 * A funnel's steps: each count, and how many of the step before did not reach it, that too a
 * count. It is shown only beside the two counts it is the difference of.
 */
export function funnelSteps<Step extends InsightsFunnelStep['step']>(
  steps: readonly Step[],
  counts: Record<Step, number>,
): InsightsFunnelStep[] {
  return steps.map((step, index) => {
    const count = counts[step];
    const before = index === 0 ? undefined : counts[steps[index - 1] as Step];
    const dropOff =
      before === undefined || shownCount(before) === null || shownCount(count) === null
        ? null
        : shownCount(before - count);
    return { step, count: shownCount(count), dropOff };
  });
}

/** Every day of the period, in order, with the counts of the days that have any. */
function everyDay(query: InsightsQuery, days: InsightCounts['days']): Insights['days'] {
  const byDay = new Map(days.map((day) => [day.day, day]));
  const first = dayStart(query.from) / DAY_MS;
  const last = dayStart(query.to) / DAY_MS;
  const shown: Insights['days'] = [];
  for (let day = first; day <= last; day += 1) {
    const counted = byDay.get(day);
    shown.push({
      day: new Date(day * DAY_MS).toISOString().slice(0, 10),
      started: shownCount(counted?.started ?? 0),
      finished: shownCount(counted?.finished ?? 0),
    });
  }
  return shown;
}

/** Browsers of 5 candidates or more by name; the rest together, as a name so rare could be anyone's. */
function browserGroups(browsers: ReadonlyMap<string, number>): Insights['videoStops']['browsers'] {
  const named = [...browsers].filter(([name, count]) => name !== OTHER_GROUP && count >= SMALLEST_SHOWN_COUNT);
  const rest = [...browsers].reduce(
    (sum, [name, count]) => (named.some(([shown]) => shown === name) ? sum : sum + count),
    0,
  );
  const groups = named
    .sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b))
    .map(([browser, count]) => ({ browser, count: shownCount(count) }));
  return rest > 0 ? [...groups, { browser: OTHER_GROUP, count: shownCount(rest) }] : groups;
}

/** The team's ratings as shown: nothing at all of fewer than 5 candidates. */
function ratingsShown(counts: RatingCounts, criteria: readonly Criterion[] | null): Insights['ratings'] {
  const enough = counts.candidates >= SMALLEST_SHOWN_COUNT;
  const count = (value: number) => (enough ? shownCount(value) : null);
  return {
    candidates: shownCount(counts.candidates),
    criteria:
      criteria?.map((criterion, index) => ({
        name: criterion.name,
        scores: RATING_SCALE.map((score) => ({
          score,
          count: count(counts.scores.find((entry) => entry.criterion === index && entry.score === score)?.count ?? 0),
        })),
      })) ?? null,
    otherVersions: count(counts.otherVersions),
    recommendations: RECOMMENDATIONS.map((recommendation) => ({
      recommendation,
      count: count(counts.recommendations[recommendation]),
    })),
    discuss: {
      candidates: count(counts.discuss.candidates),
      share: enough ? shownShare(counts.discuss.marked, counts.discuss.candidates) : null,
    },
  };
}

/** The figures as a reviewer may see them: every small count and every figure of few candidates hidden. */
export function insightsShown(
  query: InsightsQuery,
  counts: InsightCounts,
  ratings: RatingCounts,
  criteria: readonly Criterion[] | null,
): Insights {
  return {
    testId: query.testId ?? null,
    from: query.from,
    to: query.to,
    funnel: {
      personal: funnelSteps(FUNNEL_STEPS, counts.personal),
      openLink: funnelSteps(OPEN_LINK_FUNNEL_STEPS, counts.openLink),
    },
    video: {
      sent: shownCount(counts.video.sent),
      skipped: shownCount(counts.video.skipped),
      reasons: SKIP_GROUPS.map((reason) => ({
        reason,
        count: shownCount(counts.video.reasons[reason]),
      })),
    },
    time: {
      sections: TIMED_SECTIONS.map((section) => {
        const { candidates, medianMs, p90Ms } = counts.sections[section];
        return {
          section,
          candidates: shownCount(candidates),
          medianMs: shownFigure(candidates, medianMs),
          p90Ms: shownFigure(candidates, p90Ms),
        };
      }),
      extraTime: {
        candidates: shownCount(counts.extraTime.candidates),
        used: shownCount(counts.extraTime.used),
        share: shownShare(counts.extraTime.used, counts.extraTime.candidates),
      },
    },
    days: everyDay(query, counts.days),
    ratings: ratingsShown(ratings, criteria),
    videoStops: {
      stopped: shownCount(counts.videoStops.stopped),
      cameraChecks: CAMERA_OUTCOMES.map((outcome) => ({
        outcome,
        count: shownCount(counts.videoStops.cameraChecks[outcome]),
      })),
      browsers: browserGroups(counts.videoStops.browsers),
    },
    reminders: {
      reminded: shownCount(counts.reminders.reminded),
      openedAfter: shownCount(counts.reminders.openedAfter),
    },
  };
}

/**
 * The Insights of `tests` (one, or all of a company's) over the query's period, read by the
 * reviewer `reviewerId`: counted in the database, then hidden where small.
 */
export async function insightsOf(
  stores: { insights: InsightsStore; ratings: RatingStore },
  query: InsightsQuery,
  tests: readonly TestDefinition[],
  reviewerId: string,
): Promise<Insights> {
  // One test's criteria are counted score by score under its rubric's latest version.
  const rubric = query.testId && tests[0] ? await stores.ratings.rubric(tests[0].uuid) : null;
  const scope = {
    testIds: tests.map((test) => test.uuid),
    from: dayStart(query.from),
    to: dayStart(query.to) + DAY_MS,
    reviewerId,
    quizTimeMs: new Map(tests.map((test) => [test.uuid, test.timeLimitInMinute * 60_000])),
    rubricVersion: rubric?.version ?? null,
  };
  const [counts, ratings] = await Promise.all([stores.insights.counts(scope), stores.insights.ratings(scope)]);
  return insightsShown(query, counts, ratings, rubric?.criteria ?? null);
}
