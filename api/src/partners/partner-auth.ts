import { type Company, companyOf } from '@assessment/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { limitedAddress } from '../http/address-block.ts';
import { HttpError } from '../http/errors.ts';
import { createFailureThrottle, FREE_FAILURES_PER_ADDRESS, FREE_FAILURES_PER_EMAIL } from '../http/sign-in-throttle.ts';
import type { PartnerStore, StoredPartnerKey } from '../storage/partners/partner-store.ts';
import { basicUserOf, keyIdOf, matchesKeyHash } from './partner-keys.ts';

/** A call Greenhouse made with a live key: the key, and the one company it sees. */
export interface PartnerCaller {
  key: StoredPartnerKey;
  company: Company;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on Greenhouse's routes once the key is checked. */
    partner: PartnerCaller | undefined;
  }
}

/** What a 401 asks for (RFC 7617): HTTP Basic, the key as the user name. */
export const BASIC_CHALLENGE = 'Basic realm="Greenhouse partner API", charset="UTF-8"';

/** Greenhouse's last use of a key is written at most this often: a burst of calls costs one write. */
const NOTE_USE_AFTER_MS = 60_000;

export interface PartnerAuthDeps {
  partners: PartnerStore;
  now: () => number;
  /** Where the failures are counted when several instances share Redis. */
  redis?: Redis;
}

/**
 * Checks the key of each Greenhouse call. Wrong keys are throttled as reviewers' sign-ins are
 * (`http/sign-in-throttle.ts`: a few free, then waits that double): a presented key that names a
 * key of ours counts against that key from that address; any other guess against the address.
 * Greenhouse calls for all its customers from the same few addresses, so no company's failing key
 * can hold back another's, and a stranger's guesses hold back only the stranger's address.
 */
export function createPartnerAuth({ partners, now, redis }: PartnerAuthDeps) {
  const throttle = createFailureThrottle(redis, 'partner-key-failures');

  function refused(reply: FastifyReply, message: string): HttpError {
    reply.header('WWW-Authenticate', BASIC_CHALLENGE);
    return new HttpError(401, message);
  }

  return async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<PartnerCaller> {
    const presented = basicUserOf(request.headers.authorization);
    if (!presented) {
      throw refused(
        reply,
        "This call needs the company's Greenhouse key, as the user name of HTTP Basic authentication",
      );
    }
    const keyId = keyIdOf(presented);
    const key = keyId ? await partners.key(keyId) : undefined;
    const address = limitedAddress(request.ip);
    const counts = key
      ? [{ key: `${address} ${key.keyId}`, free: FREE_FAILURES_PER_EMAIL }]
      : [{ key: address, free: FREE_FAILURES_PER_ADDRESS }];
    const at = now();
    const wait = await throttle.waitSeconds(counts, at);
    if (wait > 0) {
      reply.header('Retry-After', String(wait));
      throw new HttpError(429, `Too many wrong Greenhouse keys from this address; try again in ${wait} s`);
    }
    const genuine = key !== undefined && matchesKeyHash(presented, key.keyHash);
    const company = key && companyOf(key.companyId);
    if (!genuine || !company || key.revokedAt !== null) {
      await throttle.failed(counts, at);
      // Only whoever holds the whole key learns more than that it does not open anything.
      if (!genuine) throw refused(reply, 'This Greenhouse key is not valid');
      throw refused(
        reply,
        key.revokedAt !== null ? 'This Greenhouse key was revoked' : "This key's company is no longer served here",
      );
    }
    await throttle.cleared(`${address} ${key.keyId}`);
    if (key.lastUsedAt === null || at - key.lastUsedAt >= NOTE_USE_AFTER_MS) await partners.keyUsed(key.keyId, at);
    return { key, company };
  };
}

export function partnerOf(request: FastifyRequest): PartnerCaller {
  if (!request.partner) throw new Error("Greenhouse's routes run after the key check");
  return request.partner;
}
