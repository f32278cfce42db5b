import { describe, expect, it } from 'vitest';
import { ariaSort, listApiParams, readListQuery, sortBy, writeListQuery } from './candidate-sort.ts';

const read = (search: string) => readListQuery(new URLSearchParams(search));

describe('the candidate list state in the address', () => {
  it('defaults to the newest first, 25 a page', () => {
    expect(read('')).toEqual({
      sort: 'startedAt',
      order: 'desc',
      size: 25,
      cursor: null,
      stage: null,
      silent: 'hide',
      recommendation: null,
      search: '',
    });
    expect(writeListQuery(read('')).toString()).toBe('');
  });

  it('reads what it wrote', () => {
    const query = {
      sort: 'score',
      order: 'asc',
      size: 10,
      cursor: 'abc',
      stage: 'advance',
      silent: 'only',
      recommendation: 'split',
      search: 'ada@mail',
    } as const;
    expect(readListQuery(writeListQuery(query))).toEqual(query);
  });

  it('gives the API the order and filter alone, without the page', () => {
    const query = read('sort=name&order=desc&size=10&cursor=abc&stage=advance&q=%20Ada%20');
    expect(listApiParams(query).toString()).toBe('sort=name&order=desc&stage=advance&search=Ada');
    expect(listApiParams(read('')).toString()).toBe('sort=startedAt&order=desc');
  });

  it('ignores what it does not know', () => {
    expect(read('sort=password&order=sideways&size=7&stage=hired&silent=maybe&recommendation=perhaps')).toEqual(
      read(''),
    );
  });

  it('flips the order of the sorted column and starts another in its natural order, on page one', () => {
    const byName = sortBy(read('cursor=abc'), 'name');
    expect(byName).toMatchObject({ sort: 'name', order: 'asc', cursor: null });
    expect(sortBy(byName, 'name').order).toBe('desc');
    expect(sortBy(byName, 'signals').order).toBe('desc');
    expect(sortBy(byName, 'score').order).toBe('desc');
  });

  it('tells a screen reader which column is sorted, and how', () => {
    const query = read('sort=name&order=desc');
    expect(ariaSort(query, 'name')).toBe('descending');
    expect(ariaSort(query, 'startedAt')).toBe('none');
  });
});
