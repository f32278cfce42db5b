import type { Section } from '@assessment/core';
import type { SectionModule } from '@assessment/react';
import { createContext, useContext } from 'react';

/** Loads a section's module; `retry` asks again after a failure. Throws a SectionLoadError when it cannot. */
export type SectionLoader = (section: Section, options?: { retry?: boolean }) => Promise<SectionModule>;

const SectionLoaderContext = createContext<SectionLoader | null>(null);

/** The app is given its loader: the federated one in production (remote-loader.ts). */
export const SectionLoaderProvider = SectionLoaderContext.Provider;

export function useSectionLoader(): SectionLoader {
  const loader = useContext(SectionLoaderContext);
  if (!loader) throw new Error('The app was mounted without a section loader');
  return loader;
}
