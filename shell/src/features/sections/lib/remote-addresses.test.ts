import { describe, expect, it } from 'vitest';
import { exposedModuleFiles, manifestAddress, withAttempt } from './remote-addresses.ts';

const ENTRY = 'https://cdn.example/feedback/2026-11-21.1/remoteEntry.js';

/** The shape @module-federation/vite writes, trimmed to what is read. */
const manifest = {
  exposes: [
    {
      path: './Section',
      assets: {
        js: { sync: ['assets/section-a.js', 'assets/runtime-b.js'], async: ['assets/fallback-c.js'] },
        css: { sync: ['assets/section-d.css'], async: ['assets/fallback-e.css'] },
      },
    },
    { path: './Other', assets: { js: { sync: ['assets/other.js'] }, css: { sync: [] } } },
  ],
};

describe('withAttempt', () => {
  it('leaves the first address as it is and gives each retry a new one', () => {
    expect(withAttempt('/remotes/quiz/remoteEntry.js', 0, 'https://app.example')).toBe(
      'https://app.example/remotes/quiz/remoteEntry.js',
    );
    expect(withAttempt(ENTRY, 2, 'https://app.example')).toBe(`${ENTRY}?attempt=2`);
  });
});

describe('exposedModuleFiles', () => {
  it('lists the chunks and stylesheets the exposed module needs, beside the entry, not its fallbacks', () => {
    expect(exposedModuleFiles(manifest, './Section', ENTRY)).toEqual([
      'https://cdn.example/feedback/2026-11-21.1/assets/section-a.js',
      'https://cdn.example/feedback/2026-11-21.1/assets/runtime-b.js',
      'https://cdn.example/feedback/2026-11-21.1/assets/section-d.css',
    ]);
    expect(manifestAddress(ENTRY)).toBe('https://cdn.example/feedback/2026-11-21.1/mf-manifest.json');
  });

  it('gives nothing for a file it does not understand, rather than failing the load', () => {
    for (const other of [undefined, null, 'text', {}, { exposes: 'x' }, { exposes: [{ path: './Section' }] }]) {
      expect(exposedModuleFiles(other, './Section', ENTRY)).toEqual([]);
    }
    expect(exposedModuleFiles(manifest, './Missing', ENTRY)).toEqual([]);
  });

  it('never points outside the remote’s own origin', () => {
    const foreign = {
      exposes: [{ path: './Section', assets: { js: { sync: ['https://elsewhere.example/x.js', 7, 'a.js'] } } }],
    };
    expect(exposedModuleFiles(foreign, './Section', ENTRY)).toEqual(['https://cdn.example/feedback/2026-11-21.1/a.js']);
  });
});
