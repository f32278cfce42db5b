import type { Gender } from '@assessment/core';
import { expect } from 'vitest';
import { answers, feedback, newSessionId, postJson, registration } from './helpers.ts';

/** The demographic answer, in all three places the browser sends it. */
export function registrationWithGender(unique: string, gender: Gender) {
  const plain = registration(unique);
  const deviceInfo = { ...plain.deviceInfo, gender };
  return { ...plain, gender, deviceInfo, company: `Lumenvault ${JSON.stringify(deviceInfo)}` } as const;
}

/** A candidate with this answer who registers, and finishes (answers, then feedback) when told. */
export async function candidate(url: string, gender: Gender, finishes: boolean): Promise<string> {
  const unique = newSessionId();
  expect((await postJson(url, '/api/now-assessment', registrationWithGender(unique, gender))).status).toBe(200);
  if (finishes) {
    expect((await postJson(url, '/api/answers', answers(unique, { final: true }))).status).toBe(200);
    expect((await postJson(url, '/api/feedback', feedback(unique))).status).toBe(200);
  }
  return unique;
}
