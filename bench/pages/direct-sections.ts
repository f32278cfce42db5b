import type { SectionModule, SectionName } from '@assessment/react';
import { SectionLoadError } from '../../shell/src/features/sections/section-load-error.ts';

/**
 * Stands in for shell/src/features/sections/remote-loader.ts in the single-bundle build: the
 * sections are this build's own lazy chunks instead of remotes, so the only difference left
 * between the two builds is Module Federation. Same `loadSection` as the module it replaces.
 */
const sections: Record<SectionName, () => Promise<SectionModule>> = {
  quiz: () => import('../../remote-quiz/src/section.tsx'),
  vintro: () => import('../../remote-video/src/section.tsx'),
  iprep: () => import('../../remote-feedback/src/section.tsx'),
};

export async function loadSection(section: SectionName): Promise<SectionModule> {
  try {
    return await sections[section]();
  } catch (error) {
    console.error(`Could not load the ${section} section`, error);
    throw new SectionLoadError('This section could not be loaded.', 'unreachable');
  }
}
