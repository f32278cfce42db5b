import { describe, expect, it } from 'vitest';
import { passwordProblem } from './passwords.ts';

describe('passwordProblem', () => {
  it('refuses short passwords, common ones and patterns, whatever their length', async () => {
    expect(await passwordProblem('short')).toMatch(/at least 12 characters/);
    for (const weak of ['aaaaaaaaaaaa', ' '.repeat(12), 'password1234', 'qwertyuiop12', '123456789012']) {
      expect(await passwordProblem(weak), JSON.stringify(weak)).toMatch(/too easy to guess/);
    }
  });

  it('takes a passphrase of unrelated words, and a random one', async () => {
    expect(await passwordProblem('a long reviewer passphrase')).toBeNull();
    expect(await passwordProblem('k3j4h5-g6f7d8-s9a0q1')).toBeNull();
  });
});
