import { defineSectionRegistry, SECTIONS } from '@assessment/core';
import { describe, expect, it } from 'vitest';
import { defineRemoteConfig, devRemoteLocations } from './vite-config.ts';

/** A fourth section, added as a team would: its own entry, here made from the last one's. */
const last = SECTIONS.sections[SECTIONS.sections.length - 1];
if (!last) throw new Error('the registry has no sections');
const withCoding = defineSectionRegistry([
  ...SECTIONS.sections,
  { ...last, id: 'coding', segment: 'code', order: last.order + 1, remote: { ...last.remote, name: 'remoteCoding' } },
]);

describe('remote build settings from the section registry', () => {
  it('give each remote a dev server port in section order, after the shell', () => {
    expect(devRemoteLocations(SECTIONS)).toEqual({
      remoteQuiz: 'http://localhost:5174/remoteEntry.js',
      remoteVideo: 'http://localhost:5175/remoteEntry.js',
      remoteFeedback: 'http://localhost:5176/remoteEntry.js',
    });
    expect(defineRemoteConfig('video').server?.port).toBe(5175);
  });

  it('need nothing more than the registry entry for a fourth section', () => {
    expect(devRemoteLocations(withCoding).remoteCoding).toBe('http://localhost:5177/remoteEntry.js');
    expect(defineRemoteConfig('coding', withCoding).server?.port).toBe(5177);
  });

  it('refuse a section the registry does not hold', () => {
    expect(() => defineRemoteConfig('coding')).toThrow(/no section "coding"/);
  });
});
