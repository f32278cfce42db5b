import { describe, expect, it } from 'vitest';
import { type ListPlace, leadsToFirst, nextPlace, pageNumberOf, pageShown, previousPlace } from './candidate-paging.ts';
import { readListQuery } from './candidate-sort.ts';

const first: ListPlace = { query: readListQuery(new URLSearchParams('size=10')), before: [] };
const at = (cursor: string | null, before: (string | null)[]): ListPlace => ({
  query: { ...first.query, cursor },
  before,
});
/** The addresses of the first two pages, as the list's hook names them. */
const [page1, page2] = ['t?size=10', 't?size=10&cursor=b'];

describe('paging through the candidate list', () => {
  it('steps to the next cursor and keeps the one it leaves', () => {
    expect(nextPlace(first, page1, { asked: page1, number: 1, next: 'b' })).toEqual(at('b', [null]));
    expect(nextPlace(at('b', [null]), page2, { asked: page2, number: 2, next: 'c' })).toEqual(at('c', [null, 'b']));
  });

  it('has no next page on the last one, nor before the first has come', () => {
    expect(nextPlace(at('b', [null]), page2, { asked: page2, number: 2, next: null })).toBeNull();
    expect(nextPlace(first, page1, undefined)).toBeNull();
  });

  it('takes no step from the page it left, shown while the next loads or after that load failed', () => {
    // Where a first press led: page 2 asked for, page 1 still on screen with its cursor to page 2.
    expect(nextPlace(at('b', [null]), page2, { asked: page1, number: 1, next: 'b' })).toBeNull();
  });

  it('walks back along the cursors kept, to the first page, which has none before it', () => {
    expect(previousPlace(at('c', [null, 'b']))).toEqual(at('b', [null]));
    expect(previousPlace(at('b', [null]))).toEqual(first);
    expect(previousPlace(first)).toBeNull();
  });

  it('goes to the first page from a page opened without its history (a shared address)', () => {
    expect(previousPlace(at('c', []))).toEqual(first);
    expect(leadsToFirst(at('c', []))).toBe(true);
    expect(leadsToFirst(at('c', ['b']))).toBe(false);
    expect(leadsToFirst(at('b', [null]))).toBe(false);
    expect(leadsToFirst(first)).toBe(false);
  });

  it('numbers a page only from the walk from the first: none for a shared address, nor for pages reached from it', () => {
    expect(pageNumberOf(first)).toBe(1);
    expect(pageNumberOf(at('c', [null, 'b']))).toBe(3);
    expect(pageNumberOf(at('c', []))).toBeNull();
    expect(pageNumberOf(at('d', ['c']))).toBeNull();
    expect(pageShown(at('d', ['c']), 't?d', { asked: 't?c', number: null, next: 'd' }, true)).toEqual({
      number: null,
      coming: { number: null },
    });
  });

  it('numbers the page whose rows are shown, and tells the one on its way while they stay', () => {
    const shown1 = { asked: page1, number: 1, next: 'b' };
    // "Next page" pressed: the address asks for page 2, page 1's rows are still on screen.
    expect(pageShown(at('b', [null]), page2, shown1, true)).toEqual({ number: 1, coming: { number: 2 } });
    // Page 2's rows have come.
    expect(pageShown(at('b', [null]), page2, { asked: page2, number: 2, next: null }, false)).toEqual({
      number: 2,
      coming: null,
    });
    // The load of page 2 failed: page 1's rows stay, and nothing is on its way.
    expect(pageShown(at('b', [null]), page2, shown1, false)).toEqual({ number: 1, coming: null });
  });

  it('tells no page on its way while the page shown is loaded again, and the number asked for before any came', () => {
    expect(pageShown(first, page1, { asked: page1, number: 1, next: 'b' }, true)).toEqual({ number: 1, coming: null });
    expect(pageShown(at('b', [null]), page2, undefined, true)).toEqual({ number: 2, coming: null });
  });
});
