import { expect, it } from 'vitest';
import { assessmentTitle } from './page-title.ts';

it('names the company on the landing page, and the section first on a section', () => {
  expect(assessmentTitle('Lumenvault')).toBe('Lumenvault Assessment');
  expect(assessmentTitle('Lumenvault', 'Video Introduction')).toBe('Video Introduction · Lumenvault Assessment');
});
