import { type Insights, insightsSchema, REVIEW_API_PREFIX } from '@assessment/core';
import { requestJson } from '../../../api/http.ts';
import type { Period } from '../lib/period.ts';

/** The company's Insights: one test's, or all of its tests' (no test id), over a period. */
export function fetchInsights(testId: string | null, period: Period, signal?: AbortSignal): Promise<Insights> {
  const query = new URLSearchParams({ from: period.from, to: period.to });
  if (testId) query.set('testId', testId);
  return requestJson(`${REVIEW_API_PREFIX}/insights?${query}`, { schema: insightsSchema, signal });
}
