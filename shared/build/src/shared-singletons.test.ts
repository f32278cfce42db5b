import { describe, expect, it } from 'vitest';
import { federationShared, SINGLETONS, sharedProvidersSource } from './shared-singletons.ts';
import { refusedSingletonImport } from './singleton-imports.ts';

describe('the federation singletons', () => {
  it('are taken by every remote from the shell, with no copy of their own', () => {
    expect(Object.keys(federationShared)).toEqual(Object.keys(SINGLETONS));
    for (const share of Object.values(federationShared)) {
      expect(share).toMatchObject({ singleton: true, import: false, requiredVersion: expect.stringMatching(/^\^\d/) });
    }
  });

  it('are provided by the shell under every name a remote may ask for, at the same versions', () => {
    const source = sharedProvidersSource();
    for (const [name, { version, entryPoints }] of Object.entries(SINGLETONS)) {
      expect(entryPoints).toContain(name);
      for (const entryPoint of entryPoints) {
        expect(source).toContain(`from ${JSON.stringify(entryPoint)};`);
        expect(source).toMatch(
          new RegExp(`${JSON.stringify(entryPoint)}: provide\\(m\\d+, "${version}", "\\^${version}"\\)`),
        );
      }
    }
  });

  it('do not include the router, which only the shell uses', () => {
    expect(Object.keys(SINGLETONS)).not.toContain('react-router-dom');
    expect(sharedProvidersSource()).not.toContain('react-router');
  });
});

describe('what a remote may import of them', () => {
  it('is what the shell provides, and code of the workspace packages that is not shared', () => {
    for (const allowed of ['react', 'react/jsx-runtime', 'react-dom/client', 'zustand/vanilla', '@assessment/core']) {
      expect(refusedSingletonImport(allowed), allowed).toBeUndefined();
    }
    expect(refusedSingletonImport('@assessment/core/webm')).toBeUndefined();
    expect(refusedSingletonImport('@assessment/react/contract')).toBeUndefined();
    expect(refusedSingletonImport('slate-react')).toBeUndefined();
  });

  it('is never the router, nor a subpath the shell does not provide', () => {
    expect(refusedSingletonImport('react-router-dom')).toMatch(/goToNext/);
    expect(refusedSingletonImport('react-router')).toMatch(/goToNext/);
    expect(refusedSingletonImport('zustand/middleware')).toMatch(/zustand, zustand\/vanilla.*SINGLETONS/);
    expect(refusedSingletonImport('react-dom/server')).toMatch(/react-dom, react-dom\/client/);
  });
});
