import type { Section, SectionId } from '@assessment/core';
import type { SectionModule } from '@assessment/react';
import { SectionLoadError } from '../../shell/src/features/sections/section-load-error.ts';

/**
 * Stands in for shell/src/features/sections/remote-loader.ts in the single-bundle build: the
 * sections are this build's own lazy chunks instead of remotes, so the only difference left
 * between the two builds is Module Federation. Same `loadSection` as the module it replaces.
 */
const sections: Record<SectionId, () => Promise<SectionModule>> = {
  quiz: () => import('../../remote-quiz/src/section.tsx'),
  video: () => import('../../remote-video/src/section.tsx'),
  feedback: () => import('../../remote-feedback/src/section.tsx'),
};

export async function loadSection(section: Section): Promise<SectionModule> {
  try {
    return await sections[section.id]();
  } catch (error) {
    console.error(`Could not load the ${section.id} section`, error);
    throw new SectionLoadError('This section could not be loaded.', 'unreachable');
  }
}
