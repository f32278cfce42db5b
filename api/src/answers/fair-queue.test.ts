import { describe, expect, it } from 'vitest';
import { FairQueue } from './fair-queue.ts';

function queueOf(items: [string, string][]): FairQueue<string> {
  const queue = new FairQueue<string>();
  for (const [sender, item] of items) queue.push(sender, item);
  return queue;
}

function drain(queue: FairQueue<string>): string[] {
  const taken: string[] = [];
  for (let item = queue.shift(); item !== undefined; item = queue.shift()) taken.push(item);
  return taken;
}

describe('a fair waiting line', () => {
  it('lets senders take turns, each in its own order', () => {
    const queue = queueOf([
      ['flood', 'f1'],
      ['flood', 'f2'],
      ['flood', 'f3'],
      ['candidate', 'c1'],
      ['other', 'o1'],
      ['candidate', 'c2'],
    ]);
    expect(drain(queue)).toEqual(['f1', 'c1', 'o1', 'f2', 'c2', 'f3']);
    expect(queue.size).toBe(0);
  });

  it('makes room for a sender holding fewer places by taking the newest of the one holding most', () => {
    const queue = queueOf([
      ['flood', 'f1'],
      ['flood', 'f2'],
      ['flood', 'f3'],
      ['candidate', 'c1'],
    ]);
    expect(queue.makeRoomFor('candidate')).toBe('f3');
    expect(queue.size).toBe(3);
    expect(queue.makeRoomFor('candidate')).toBeUndefined();
    expect(queue.makeRoomFor('flood')).toBeUndefined();
    expect(drain(queue)).toEqual(['f1', 'c1', 'f2']);
  });
});
