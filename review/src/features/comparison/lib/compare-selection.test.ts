import { describe, expect, it } from 'vitest';
import { comparedFromSearch, comparePath } from './compare-selection.ts';

describe('the comparison address', () => {
  it('carries the chosen candidates there and back', () => {
    const path = comparePath('thd0wtfl', ['s-1', 's-2', 's-3']);
    expect(path).toBe('/tests/thd0wtfl/compare?ids=s-1%2Cs-2%2Cs-3');
    expect(comparedFromSearch(path.slice(path.indexOf('?')))).toEqual({ ids: ['s-1', 's-2', 's-3'] });
  });

  it('says what to do when it names fewer than 2 or more than 4, counting a repeat once', () => {
    const problem = { problem: 'Choose 2 to 4 candidates in the list to compare them.' };
    expect(comparedFromSearch('')).toEqual(problem);
    expect(comparedFromSearch('?ids=a,a')).toEqual(problem);
    expect(comparedFromSearch('?ids=a,b,c,d,e')).toEqual(problem);
    expect(comparedFromSearch('?ids=a,,b')).toEqual({ ids: ['a', 'b'] });
  });
});
