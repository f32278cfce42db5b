import { type CandidateRatings, type Rubric, ratingSubmitSchema, rubricUpdateSchema } from '@assessment/core';
import type { FastifyInstance } from 'fastify';
import { HttpError, parseOrRefuse } from '../http/errors.ts';
import { lookerOf, recordLooks } from '../privacy/access-records.ts';
import { hiddenFrom } from '../review/blind-review.ts';
import { companySession, companyTest, signedIn } from '../review/company-scope.ts';
import { actorName } from '../review/decisions.ts';
import { candidateRatings, checkCriteria, NO_RUBRIC, rubricView, staleRubricEdit } from '../review/ratings.ts';
import { requireCompanyAdmin } from '../review/reviewer-auth.ts';
import type { RouteDeps } from './deps.ts';
import { SMALL_BODY_LIMIT } from './session-ref.ts';

type TestParams = { Params: { testId: string } };
type SessionParams = { Params: { sessionId: string } };

/**
 * Rubrics and ratings, inside the review API's signed-in scope (`review.ts` registers them there):
 * an admin fixes a test's rubric, and each reviewer rates each candidate on their own.
 */
export function registerRatingRoutes(review: FastifyInstance, deps: RouteDeps): void {
  const { sessions, ratings, access, blind, now } = deps;
  const small = { bodyLimit: SMALL_BODY_LIMIT };

  review.get<TestParams>('/api/review/tests/:testId/rubric', async (request): Promise<Rubric> => {
    const test = companyTest(request, request.params.testId);
    return rubricView(await ratings.rubric(test.uuid));
  });
  review.put<TestParams>('/api/review/tests/:testId/rubric', small, async (request): Promise<Rubric> => {
    const { reviewer } = requireCompanyAdmin(request);
    const test = companyTest(request, request.params.testId);
    const { editedVersion, criteria } = parseOrRefuse(rubricUpdateSchema, request.body);
    checkCriteria(test, criteria);
    const saved = await ratings.saveRubric({
      testId: test.uuid,
      editedVersion,
      criteria,
      actor: actorName(reviewer),
      at: now(),
    });
    if ('stale' in saved) throw new HttpError(409, staleRubricEdit(editedVersion, saved.latestVersion));
    return saved;
  });

  review.get<SessionParams>('/api/review/candidates/:sessionId/ratings', async (request): Promise<CandidateRatings> => {
    const { record } = await companySession(sessions, request, request.params.sessionId);
    const rubric = await ratings.rubric(record.testId);
    return candidateRatings(ratings, rubric, record, signedIn(request).reviewer.reviewerId);
  });
  review.put<SessionParams>(
    '/api/review/candidates/:sessionId/ratings/mine',
    small,
    async (request): Promise<CandidateRatings> => {
      const { record } = await companySession(sessions, request, request.params.sessionId);
      const { reviewer } = signedIn(request);
      const { rubricVersion, scores, recommendation } = parseOrRefuse(ratingSubmitSchema, request.body);
      const rubric = await ratings.rubric(record.testId);
      if (!rubric) throw new HttpError(409, NO_RUBRIC);
      const stale = new HttpError(409, 'The rubric changed while you were rating: read it again, then rate');
      if (rubric.version !== rubricVersion) throw stale;
      if (scores.length !== rubric.criteria.length) {
        throw new HttpError(400, `Give one score for each of the rubric's ${rubric.criteria.length} criteria`);
      }
      if (scores.every((score) => score === null)) throw new HttpError(400, 'Give at least one score');
      const unscored = scores.findIndex((score, index) => score === null && rubric.criteria[index]?.about !== 'video');
      if (unscored >= 0) {
        throw new HttpError(
          400,
          `Give ${rubric.criteria[unscored]?.name} a score: only a criterion about the video may wait`,
        );
      }
      // Blind review hides the video until the reviewer has rated the rest or shown the candidate:
      // a score for what they could not see would be a guess the team then reads as a judgement.
      const unseen = scores.findIndex((score, index) => score !== null && rubric.criteria[index]?.about === 'video');
      if (unseen >= 0 && (await hiddenFrom(blind, reviewer.reviewerId, record.testId, record.sessionId))) {
        throw new HttpError(
          422,
          `Blind review hides the video from you: leave ${rubric.criteria[unseen]?.name} empty, rate the written answers, then score it once the video shows`,
        );
      }
      const at = now();
      const saved = await ratings.rate({
        sessionId: record.sessionId,
        testId: record.testId,
        reviewerId: reviewer.reviewerId,
        actor: actorName(reviewer),
        rubricVersion,
        scores,
        recommendation,
        at,
      });
      if (saved === 'stale') throw stale;
      await recordLooks(access, lookerOf(request), [record], 'changed', at, 'rating given');
      return candidateRatings(ratings, { ...rubric, locked: true }, record, reviewer.reviewerId);
    },
  );
}
