import { describe, expect, it } from 'vitest';
import {
  compressedCopyOf,
  refusedReleasePath,
  releaseContentType,
  releaseLabel,
  releaseVersion,
} from './release-files.ts';

describe('refusedReleasePath', () => {
  it('takes the files a remote build makes, its standalone page and compressed copies too', () => {
    for (const path of [
      'remoteEntry.js',
      'mf-manifest.json',
      'assets/section-B3_tje9M.js',
      'assets/a.css.br',
      'assets/x.woff2',
    ]) {
      expect(refusedReleasePath(path), path).toBeUndefined();
    }
  });
  it('refuses paths that could leave the release, hidden names, pages and other types', () => {
    expect(refusedReleasePath('../evil.js')).toMatch(/\.\./);
    expect(refusedReleasePath('assets/../../evil.js')).toMatch(/\.\./);
    expect(refusedReleasePath('/etc/passwd.js')).toMatch(/absolute/);
    expect(refusedReleasePath('C:/x.js')).toMatch(/absolute/);
    expect(refusedReleasePath('assets\\x.js')).toMatch(/backslash/);
    expect(refusedReleasePath('.vite/manifest.json')).toMatch(/hidden/);
    expect(refusedReleasePath('assets//x.js')).toMatch(/empty/);
    expect(refusedReleasePath('index.html')).toBeUndefined();
    expect(refusedReleasePath('assets/page.html')).toMatch(/type/);
    expect(refusedReleasePath('run.sh')).toMatch(/type/);
    expect(refusedReleasePath('assets/a b.js')).toMatch(/characters/);
  });
});

describe('release names', () => {
  it('serves a compressed copy as its original type', () => {
    expect(compressedCopyOf('assets/a.js.br')).toEqual({ original: 'assets/a.js', encoding: 'br' });
    expect(releaseContentType('assets/a.js.gz')).toBe('text/javascript; charset=utf-8');
    expect(releaseContentType('mf-manifest.json')).toBe('application/json; charset=utf-8');
  });
  it('names a version by the label and the content hash', () => {
    expect(releaseLabel(' v1.4.0-3-gabc/dirty ')).toBe('v1.4.0-3-gabc-dirty');
    expect(releaseVersion('v1', 'abcdef0123456789')).toBe('v1-abcdef012345');
    expect(releaseVersion('', 'abcdef0123456789')).toBe('abcdef012345');
  });
});
