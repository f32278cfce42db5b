import { describe, expect, it } from 'vitest';
import { sectionOfPath } from './section-of-path.ts';

const lookup = { isKnownTestId: (id: string) => id === 'thd0wtfl', isExpired: (id: string) => id === 'kth169dx' };

describe('sectionOfPath', () => {
  it('names the section a section route opens', () => {
    expect(sectionOfPath('/invite/thd0wtfl/quiz', lookup)?.id).toBe('quiz');
    expect(sectionOfPath('/invite/thd0wtfl/vintro', lookup)?.id).toBe('video');
    expect(sectionOfPath('/invite/thd0wtfl/iprep/', lookup)?.id).toBe('feedback');
  });

  it('names none where the router shows no section', () => {
    for (const path of [
      '/',
      '/invite/thd0wtfl',
      '/invite/thd0wtfl/',
      '/invite/thd0wtfl/other',
      '/invite/unknown1/quiz',
      '/invite/kth169dx/quiz',
      '/invite/%E0%A4%A/quiz',
      '/404',
    ]) {
      expect(sectionOfPath(path, lookup), path).toBeUndefined();
    }
  });
});
