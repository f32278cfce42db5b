import {
  type RecoveryCodes,
  TWO_FACTOR_CODE_REFUSED,
  type TwoFactorSetup,
  type TwoFactorStatus,
  twoFactorCodeSchema,
  twoFactorRequirementSchema,
} from '@assessment/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, parseOrRefuse } from '../http/errors.ts';
import { signedIn } from '../review/company-scope.ts';
import { requireCompanyAdmin } from '../review/reviewer-auth.ts';
import {
  newRecoveryCodes,
  newTotpSecret,
  recoveryCodeHash,
  secondFactorHolds,
  totpStep,
  totpUri,
} from '../review/two-factor.ts';
import type { RouteDeps } from './deps.ts';
import { SMALL_BODY_LIMIT } from './session-ref.ts';

/**
 * A reviewer's own two-factor sign-in, inside the review API's scope (`review.ts` registers them
 * there), and their company's requirement of it. Setting it up is open to a reviewer whose company
 * requires it before they have it (`beforeTwoFactor`); nothing else is.
 */
export function registerTwoFactorRoutes(review: FastifyInstance, deps: RouteDeps): void {
  const { twoFactor, limits, now } = deps;
  const small = { bodyLimit: SMALL_BODY_LIMIT };
  const setUpFirst = { ...small, config: { beforeTwoFactor: true } };

  /**
   * A change to a signed-in reviewer's second factor takes a code of it; a wrong one is refused
   * with 400 (the reviewer stays signed in) and counts as a failed sign-in of their email from this
   * sign-in, not from its address: the sign-in is proof enough of where it comes from, and nobody
   * else at the address can slow it. A sign-in of an account with it on had the code already.
   */
  async function proveSecondFactor(request: FastifyRequest, reply: FastifyReply, code: string): Promise<void> {
    const { reviewer, sessionHash } = signedIn(request);
    await limits.admitSignInFor(request, reply, reviewer.email, sessionHash);
    if (!(await secondFactorHolds(twoFactor, reviewer, code, now()))) {
      await limits.signInFailed(request, reviewer.email, sessionHash);
      throw new HttpError(400, TWO_FACTOR_CODE_REFUSED);
    }
  }

  review.get('/api/review/two-factor', { config: { beforeTwoFactor: true } }, async (request) => {
    const { reviewer, twoFactor: gate } = signedIn(request);
    return {
      ...gate,
      recoveryCodesLeft: gate.on ? await twoFactor.recoveryCodesLeft(reviewer.reviewerId) : 0,
    } satisfies TwoFactorStatus;
  });

  review.post('/api/review/two-factor/setup', setUpFirst, async (request): Promise<TwoFactorSetup> => {
    const { reviewer, company } = signedIn(request);
    const key = newTotpSecret();
    if (!(await twoFactor.startTwoFactorSetup(reviewer.reviewerId, key, now()))) {
      throw new HttpError(409, 'Two-factor sign-in is on already. Turn it off first to set it up again.');
    }
    return { key, uri: totpUri(key, reviewer.email, company.companyName) };
  });

  review.post('/api/review/two-factor/confirm', setUpFirst, async (request): Promise<RecoveryCodes> => {
    const { reviewer } = signedIn(request);
    const { code } = parseOrRefuse(twoFactorCodeSchema, request.body);
    const held = await twoFactor.twoFactorSecret(reviewer.reviewerId);
    if (!held || held.confirmedAt !== null) {
      throw new HttpError(409, 'There is no set-up waiting for its code. Start again.');
    }
    // 400, not 401: the reviewer is signed in, and a wrong code does not end that.
    const step = await totpStep(held.secret, code, now(), null);
    if (step === null) throw new HttpError(400, 'That code is not right. Enter the code your app shows now.');
    const recoveryCodes = newRecoveryCodes();
    if (
      !(await twoFactor.confirmTwoFactor(
        reviewer.reviewerId,
        held.secret,
        step,
        recoveryCodes.map(recoveryCodeHash),
        now(),
      ))
    ) {
      throw new HttpError(409, 'This set-up was replaced by a newer one. Use the newest key.');
    }
    return { recoveryCodes };
  });

  /**
   * Off with a code of the second factor, not the password: someone who finds a reviewer's page
   * signed in, on a computer whose browser keeps the password, still cannot take it off.
   */
  review.post('/api/review/two-factor/off', small, async (request, reply) => {
    const { reviewer, twoFactor: gate } = signedIn(request);
    const { code } = parseOrRefuse(twoFactorCodeSchema, request.body);
    if (!gate.on) throw new HttpError(409, 'Two-factor sign-in is off already.');
    if (gate.required) {
      throw new HttpError(409, 'Your company requires two-factor sign-in, so it stays on. An admin can change that.');
    }
    await proveSecondFactor(request, reply, code);
    await twoFactor.turnOffTwoFactor(reviewer.reviewerId);
    return reply.code(204).send();
  });

  /**
   * New recovery codes, every old one void, with a code of the second factor as turning it off
   * takes: for a reviewer whose codes ran low or may have been seen.
   */
  review.post('/api/review/two-factor/recovery-codes', small, async (request, reply): Promise<RecoveryCodes> => {
    const { reviewer, twoFactor: gate } = signedIn(request);
    const { code } = parseOrRefuse(twoFactorCodeSchema, request.body);
    if (!gate.on) throw new HttpError(409, 'Two-factor sign-in is off: recovery codes come with setting it up.');
    await proveSecondFactor(request, reply, code);
    const recoveryCodes = newRecoveryCodes();
    if (!(await twoFactor.replaceRecoveryCodes(reviewer.reviewerId, recoveryCodes.map(recoveryCodeHash)))) {
      throw new HttpError(409, 'Two-factor sign-in was turned off meanwhile.');
    }
    return { recoveryCodes };
  });

  /**
   * Only an admin who has it on can require it: nobody requires of the company what they have not
   * set up themselves, and the admin who turns it on is never shut out by it.
   */
  review.put('/api/review/two-factor/requirement', small, async (request): Promise<TwoFactorStatus> => {
    const { reviewer, company, twoFactor: gate } = requireCompanyAdmin(request);
    const { required } = parseOrRefuse(twoFactorRequirementSchema, request.body);
    if (required && !gate.on) {
      throw new HttpError(409, 'Turn on two-factor sign-in for your own account first, then require it of everyone.');
    }
    await twoFactor.setTwoFactorRequired(company.companyId, required, now());
    return { on: gate.on, required, recoveryCodesLeft: await twoFactor.recoveryCodesLeft(reviewer.reviewerId) };
  });
}
