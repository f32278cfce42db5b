import type { Section, SectionId } from '@assessment/core';
import type { SectionModule } from '@assessment/react';
import { SectionLoadError, type SectionLoader } from 'shell/app';

/**
 * The section loader of the single-bundle build: the sections are this build's own lazy chunks
 * instead of remotes, so the only difference left between the two builds is Module Federation.
 */
const sections: Record<SectionId, () => Promise<SectionModule>> = {
  quiz: () => import('remote-quiz/section'),
  video: () => import('remote-video/section'),
  feedback: () => import('remote-feedback/section'),
};

export const loadSection: SectionLoader = async (section: Section) => {
  try {
    return await sections[section.id]();
  } catch (error) {
    console.error(`Could not load the ${section.id} section`, error);
    throw new SectionLoadError('This section could not be loaded.', 'unreachable');
  }
};
