import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../catalogue/load-catalogue.ts';
import rawTests from '../catalogue/tests.json' with { type: 'json' };
import { pathAfterSection, resolveInviteRoute } from '../invite/invite-id.ts';
import { z } from '../zod.ts';
import { defaultRemoteLocations, remoteFolder, remoteMountPath } from './deploy.ts';
import {
  defineSectionRecord,
  defineSectionRegistry,
  remoteModuleId,
  type SectionDefinition,
} from './section-registry.ts';
import { SECTIONS } from './sections.ts';

/** What a team adds for a fourth section: one entry (its remote folder aside). */
const coding: SectionDefinition = {
  id: 'coding',
  segment: 'code',
  order: 4,
  title: 'Live Coding',
  summary: () => 'Solve a small programming task.',
  remote: { name: 'remoteCoding', exposes: './Section' },
};

const withCoding = defineSectionRegistry([coding, ...SECTIONS.sections]);
const lookup = { isKnownTestId: (id: string) => id === 'thd0wtfl', isExpired: () => false };

function section(id: string): SectionDefinition {
  const found = withCoding.byId(id);
  if (!found) throw new Error(`no section ${id}`);
  return found;
}

describe('the product registry', () => {
  it('holds the three sections in order, under their routes', () => {
    expect(SECTIONS.sections.map((s) => [s.order, s.segment, s.title, remoteModuleId(s)])).toEqual([
      [1, 'quiz', 'Problem Solving', 'remoteQuiz/Section'],
      [2, 'vintro', 'Video Introduction', 'remoteVideo/Section'],
      [3, 'iprep', 'Interview Preparation', 'remoteFeedback/Section'],
    ]);
  });

  it('publishes each remote under /remotes/<id>/ by default', () => {
    expect(defaultRemoteLocations(SECTIONS)).toEqual({
      remoteQuiz: '/remotes/quiz/remoteEntry.js',
      remoteVideo: '/remotes/video/remoteEntry.js',
      remoteFeedback: '/remotes/feedback/remoteEntry.js',
    });
  });
});

describe('a fourth section added to the registry', () => {
  it('is ordered by its order, wherever its entry stands', () => {
    expect(withCoding.sections.map((s) => s.id)).toEqual(['quiz', 'video', 'feedback', 'coding']);
    expect(withCoding.first.id).toBe('quiz');
  });

  it('comes after the last section, which now leads to it instead of the landing page', () => {
    expect(withCoding.next(section('feedback'))?.id).toBe('coding');
    expect(withCoding.previous(section('coding'))?.id).toBe('feedback');
    expect(withCoding.next(section('coding'))).toBeUndefined();
    expect(pathAfterSection('thd0wtfl', section('feedback'), withCoding)).toBe('/invite/thd0wtfl/code');
    expect(pathAfterSection('thd0wtfl', section('coding'), withCoding)).toBe('/invite/thd0wtfl');
  });

  it('gets its route', () => {
    expect(resolveInviteRoute('thd0wtfl', 'code', lookup, withCoding)).toEqual({
      kind: 'screen',
      screen: 'code',
      testId: 'thd0wtfl',
      invitationToken: null,
    });
    expect(resolveInviteRoute('thd0wtfl', 'code', lookup)).toEqual({ kind: 'redirect', to: '/invite/thd0wtfl' });
  });

  it('gets its path in every test of the catalogue, with no change to the data', () => {
    const { tests } = loadCatalogue(rawTests, [], withCoding);
    expect(tests.get('thd0wtfl')?.redirectURL).toEqual([
      '/invite/thd0wtfl/quiz',
      '/invite/thd0wtfl/vintro',
      '/invite/thd0wtfl/iprep',
      '/invite/thd0wtfl/code',
    ]);
  });

  it('gets its remote folder, its place on the server and its line in the default remotes.json', () => {
    expect(remoteFolder(coding)).toBe('remote-coding');
    expect(remoteMountPath(coding)).toBe('/remotes/coding/');
    expect(defaultRemoteLocations(withCoding)).toMatchObject({ remoteCoding: '/remotes/coding/remoteEntry.js' });
    expect(remoteModuleId(coding)).toBe('remoteCoding/Section');
  });
});

describe('defineSectionRegistry', () => {
  it('refuses two sections with the same route, order or remote', () => {
    expect(() => defineSectionRegistry([...SECTIONS.sections, { ...coding, segment: 'quiz' }])).toThrow(
      /share the segment "quiz"/,
    );
    expect(() => defineSectionRegistry([...SECTIONS.sections, { ...coding, order: 2 }])).toThrow(/share the order 2/);
    expect(() =>
      defineSectionRegistry([
        ...SECTIONS.sections,
        { ...coding, remote: { name: 'remoteQuiz', exposes: './Section' } },
      ]),
    ).toThrow(/share the remote name "remoteQuiz"/);
  });

  it('refuses names a route, a deploy folder or the federation runtime could not use', () => {
    expect(() => defineSectionRegistry([{ ...coding, segment: 'Code/Live' }])).toThrow(/segment/);
    expect(() => defineSectionRegistry([{ ...coding, segment: 'landing' }])).toThrow(/segment/);
    expect(() => defineSectionRegistry([{ ...coding, id: 'Coding' }])).toThrow(/id/);
    expect(() =>
      defineSectionRegistry([{ ...coding, remote: { name: 'remote-coding', exposes: './Section' } }]),
    ).toThrow(/JavaScript identifier/);
    expect(() => defineSectionRegistry([{ ...coding, order: 0 }])).toThrow(/order/);
    expect(() => defineSectionRegistry([])).toThrow(/at least one section/);
  });

  it("refuses a record whose fields could not be the export's columns", () => {
    const withFields = (fields: { key: string; label: string }[]) => ({
      ...coding,
      record: defineSectionRecord({ schema: z.object({}), fields, read: () => ({}) }),
    });
    expect(() => defineSectionRegistry([withFields([{ key: 'language', label: 'Language' }])])).not.toThrow();
    expect(() => defineSectionRegistry([withFields([{ key: 'Language', label: 'Language' }])])).toThrow(
      /record field key/,
    );
    expect(() => defineSectionRegistry([withFields([{ key: 'language', label: ' ' }])])).toThrow(/needs a label/);
    expect(() =>
      defineSectionRegistry([
        withFields([
          { key: 'language', label: 'Language' },
          { key: 'language', label: 'Language again' },
        ]),
      ]),
    ).toThrow(/two record fields share a key/);
  });
});
