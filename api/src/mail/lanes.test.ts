import { describe, expect, it } from 'vitest';
import { intoLanes, PER_COMPANY } from './lanes.ts';

const of = (companyId: string, n: number) => ({ companyId, n });

describe('intoLanes', () => {
  it('starts each company’s oldest, and puts off the rest of it, whatever other companies have in flight', () => {
    expect(PER_COMPANY).toBe(1);
    const due = [of('x', 1), of('x', 2), of('y', 3), of('x', 4), of('z', 5), of('w', 6)];
    const { now, later } = intoLanes(due, new Map([['w', 1]]));
    expect(now.map((one) => one.n)).toEqual([1, 3, 5]);
    expect(later.map((one) => one.n)).toEqual([2, 4, 6]);
  });

  it('starts none of a company whose lane is full, and the others', () => {
    const due = [of('x', 1), of('y', 2), of('x', 3)];
    const { now, later } = intoLanes(due, new Map([['x', PER_COMPANY]]));
    expect(now.map((one) => one.n)).toEqual([2]);
    expect(later.map((one) => one.n)).toEqual([1, 3]);
  });

  it('leaves the lanes it is given as they were', () => {
    const inFlight = new Map<string, number>();
    intoLanes([of('x', 1)], inFlight);
    expect(inFlight.size).toBe(0);
  });
});
