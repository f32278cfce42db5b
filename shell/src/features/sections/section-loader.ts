import type { Section } from '@assessment/core';
import type { SectionModule } from '@assessment/react';
import { createContext, useContext } from 'react';

/** Loads a section's module; `retry` asks again after a failure. Throws a SectionLoadError when it cannot. */
export type SectionLoader = (section: Section, options?: { retry?: boolean }) => Promise<SectionModule>;

/**
 * Fetches what a section will need into the browser's cache, without running any of it, so that
 * opening it later does not wait for the network. Never throws and never changes what the loader does.
 */
export type SectionPrefetcher = (section: Section) => void;

const SectionLoaderContext = createContext<SectionLoader | null>(null);
const SectionPrefetcherContext = createContext<SectionPrefetcher | undefined>(undefined);

/** The app is given its loader: the federated one in production (remote-loader.ts). */
export const SectionLoaderProvider = SectionLoaderContext.Provider;
/** And optionally a prefetcher (the federated one in production); without one nothing is fetched ahead. */
export const SectionPrefetcherProvider = SectionPrefetcherContext.Provider;

export function useSectionLoader(): SectionLoader {
  const loader = useContext(SectionLoaderContext);
  if (!loader) throw new Error('The app was mounted without a section loader');
  return loader;
}

export function useSectionPrefetcher(): SectionPrefetcher | undefined {
  return useContext(SectionPrefetcherContext);
}
