import { type Insights, insightsQuerySchema, testsOfCompany } from '@assessment/core';
import type { FastifyInstance } from 'fastify';
import { parseOrRefuse } from '../http/errors.ts';
import { companyTest, signedIn } from '../review/company-scope.ts';
import { insightsOf } from '../review/insights.ts';
import type { RouteDeps } from './deps.ts';

/**
 * The company's Insights, inside the review API's signed-in scope (`review.ts` registers them
 * there): counts only, never a candidate, so every reviewer may read them and no look is on
 * record. Another company's test is answered as one that does not exist (404).
 */
export function registerInsightsRoutes(review: FastifyInstance, { insights, ratings }: RouteDeps): void {
  review.get('/api/review/insights', async (request): Promise<Insights> => {
    const query = parseOrRefuse(insightsQuerySchema, request.query);
    const { company, reviewer } = signedIn(request);
    const tests = query.testId ? [companyTest(request, query.testId)] : testsOfCompany(company.companyId);
    return insightsOf({ insights, ratings }, query, tests, reviewer.reviewerId);
  });
}
