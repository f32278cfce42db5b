import { describe, expect, it } from 'vitest';
import { candidatePath, listOfCandidatePage } from './candidate-neighbours.ts';

describe("a candidate's page opened from the list", () => {
  it("carries the list's address, and reads its order and filter back for the API", () => {
    const path = candidatePath('s-1', 'sort=name&order=desc&stage=advance&q=ada&cursor=Mg');
    expect(path).toBe('/candidates/s-1?list=sort%3Dname%26order%3Ddesc%26stage%3Dadvance%26q%3Dada%26cursor%3DMg');
    const list = listOfCandidatePage(path.slice(path.indexOf('?')));
    expect(list.listSearch).toBe('sort=name&order=desc&stage=advance&q=ada&cursor=Mg');
    expect(list.api.toString()).toBe('sort=name&order=desc&stage=advance&search=ada');
  });

  it('walks the list as it first shows when the page was opened otherwise', () => {
    expect(candidatePath('s-1', '')).toBe('/candidates/s-1');
    expect(listOfCandidatePage('').api.toString()).toBe('sort=startedAt&order=desc');
  });
});
