import { defineSectionRegistry, SECTIONS } from '@assessment/core';
import type { ConfigEnv, UserConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import { defineRemoteConfig, devRemoteLocations, STANDALONE_MODE } from './vite-config.ts';

/** A fourth section, added as a team would: its own entry, here made from the last one's. */
const last = SECTIONS.sections[SECTIONS.sections.length - 1];
if (!last) throw new Error('the registry has no sections');
const withCoding = defineSectionRegistry([
  ...SECTIONS.sections,
  { ...last, id: 'coding', segment: 'code', order: last.order + 1, remote: { ...last.remote, name: 'remoteCoding' } },
]);

const serve: ConfigEnv = { command: 'serve', mode: 'development' };
const build: ConfigEnv = { command: 'build', mode: 'production' };
const standalone: ConfigEnv = { command: 'build', mode: STANDALONE_MODE };

function pluginNames(config: UserConfig): string[] {
  return (config.plugins ?? []).flat(3).flatMap((plugin) => (plugin && 'name' in plugin ? [plugin.name] : []));
}

describe('remote build settings from the section registry', () => {
  it('give each remote a dev server port in section order, after the shell', async () => {
    expect(devRemoteLocations(SECTIONS)).toEqual({
      remoteQuiz: 'http://localhost:5174/remoteEntry.js',
      remoteVideo: 'http://localhost:5175/remoteEntry.js',
      remoteFeedback: 'http://localhost:5176/remoteEntry.js',
    });
    expect((await defineRemoteConfig('video')(serve)).server?.port).toBe(5175);
  });

  it('need nothing more than the registry entry for a fourth section', async () => {
    expect(devRemoteLocations(withCoding).remoteCoding).toBe('http://localhost:5177/remoteEntry.js');
    expect((await defineRemoteConfig('coding', withCoding)(serve)).server?.port).toBe(5177);
  });

  it('refuse a section the registry does not hold', () => {
    expect(() => defineRemoteConfig('coding')).toThrow(/no section "coding"/);
  });

  it('build the remote alone, then its standalone page without federation into the same folder', async () => {
    const remote = await defineRemoteConfig('quiz')(build);
    expect(pluginNames(remote)).toContain('assessment-singleton-imports');
    expect(remote.build?.rolldownOptions?.input).toEqual({});
    expect(remote.build?.emptyOutDir).toBe(true);

    const page = await defineRemoteConfig('quiz')(standalone);
    expect(pluginNames(page)).not.toContain('assessment-singleton-imports');
    expect(page.build?.rolldownOptions?.input).toBeUndefined();
    expect(page.build?.emptyOutDir).toBe(false);
  });
});
