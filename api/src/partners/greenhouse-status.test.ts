import { emptyProctoring, getTest, proctoringSchema, SECTIONS } from '@assessment/core';
import { describe, expect, it } from 'vitest';
import type { SessionRecord, StoredRegistration } from '../storage/sessions/session-store.ts';
import { greenhouseMetadata, partnerStatusOf, profileUrlOf } from './greenhouse-status.ts';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const unused = { expiresAt: NOW + 1000, revokedAt: null, sessionId: null, finishedAt: null, erasedAt: null };
const test = getTest('thd0wtfl');
if (!test) throw new Error('The sample test is missing from the catalogue');

describe('partnerStatusOf', () => {
  it("names each state of the invitation in Greenhouse's words", () => {
    expect(partnerStatusOf(unused, NOW)).toBe('sent');
    expect(partnerStatusOf({ ...unused, sessionId: 's-1' }, NOW)).toBe('in_progress');
    expect(partnerStatusOf({ ...unused, sessionId: 's-1', expiresAt: NOW }, NOW)).toBe('expired');
    expect(partnerStatusOf({ ...unused, revokedAt: NOW - 1 }, NOW)).toBe('revoked');
    expect(partnerStatusOf({ ...unused, erasedAt: NOW - 1 }, NOW)).toBeNull();
  });

  it('keeps a finished test complete, whatever its link came to after', () => {
    const finished = { ...unused, sessionId: 's-1', finishedAt: NOW - 5000 };
    expect(partnerStatusOf(finished, NOW)).toBe('complete');
    expect(partnerStatusOf({ ...finished, revokedAt: NOW - 1, expiresAt: NOW - 1 }, NOW)).toBe('complete');
  });
});

/** A finished session with answers in it, a demographic-free registration and a skipped video. */
const record: SessionRecord = {
  sessionId: 's-1',
  testId: 'thd0wtfl',
  startedAt: Date.parse('2026-03-10T09:00:00Z'),
  quizStartedAt: Date.parse('2026-03-10T09:02:00Z'),
  previewReleaseId: null,
  sectionVersions: [],
  invitation: null,
  registration: {
    payload: {
      fullName: 'Ada Lovelace',
      email: 'ada@mail.example',
      social: 'https://social.example/ada',
      workExperience: '4-6 Years',
    } as StoredRegistration,
    receivedAt: Date.parse('2026-03-10T09:00:00Z'),
    updatedAt: Date.parse('2026-03-10T09:00:00Z'),
  },
  answers: {
    answers: ['<p>My secret plan</p>', '<p>B</p>', '<p>C</p>'],
    proctoring: proctoringSchema.parse(emptyProctoring()),
    revision: 3,
    savedAt: 0,
    receivedAt: Date.parse('2026-03-10T09:14:30Z'),
    final: true,
    submittedAt: Date.parse('2026-03-10T09:14:30Z'),
    finalReason: 'complete',
  },
  quizComplete: null,
  deviceChecks: [],
  videos: [],
  videoSkip: { reason: 'no-camera', receivedAt: Date.parse('2026-03-10T09:16:00Z') },
  feedback: null,
  sectionRecords: [],
  sectionTroubles: [],
};

describe('greenhouseMetadata', () => {
  it('tells times, sections, video and quiz time, flat and primitive, and nothing the candidate wrote', () => {
    const metadata = greenhouseMetadata(test, { extraTimePercent: 50, finishedAt: null }, record, SECTIONS);
    expect(metadata).toEqual({
      'Started at': '2026-03-10T09:00:00.000Z',
      'Finished at': null,
      'Sections completed': '2 of 3',
      'Sections completed, by name': 'Problem Solving, Video Introduction',
      Video: 'skipped (continued without a camera)',
      'Quiz time used (minutes)': 12.5,
      'Quiz time allowed, with extra time (minutes)': Math.ceil(test.timeLimitInMinute * 1.5),
      'Extra time (%)': 50,
    });
    for (const value of Object.values(metadata)) expect(['string', 'number', 'object']).toContain(typeof value);
    expect(JSON.stringify(metadata)).not.toMatch(/secret plan|Ada|ada@|social/);
  });

  it('has the same keys before the candidate started', () => {
    const metadata = greenhouseMetadata(test, { extraTimePercent: 0, finishedAt: null }, null, SECTIONS);
    expect(metadata).toMatchObject({ 'Started at': null, 'Sections completed': '0 of 3', Video: 'not sent yet' });
    expect(Object.keys(metadata)).toHaveLength(8);
  });
});

describe('profileUrlOf', () => {
  it("is the candidate's page on the review page, once they have one", () => {
    expect(profileUrlOf('https://assess.example.com', 's-1')).toBe('https://assess.example.com/review/candidates/s-1');
    expect(profileUrlOf('https://assess.example.com', null)).toBeNull();
  });
});
