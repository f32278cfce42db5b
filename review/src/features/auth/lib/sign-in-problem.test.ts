import { describe, expect, it } from 'vitest';
import { signInProblem } from './sign-in-problem.ts';

describe('sign-in form check', () => {
  it('names what is missing', () => {
    expect(signInProblem('', '')).toBe('Enter your email and password.');
    expect(signInProblem('  ', 'secret')).toBe('Enter your email.');
    expect(signInProblem('rev@company.example', '')).toBe('Enter your password.');
  });

  it('lets a filled form through; the server judges the password', () => {
    expect(signInProblem('rev@company.example', ' ')).toBeNull();
  });
});
