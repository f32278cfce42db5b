import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/http.ts';
import { refusalOf, signInProblem } from './sign-in-problem.ts';

describe('sign-in form check', () => {
  it('names what is missing', () => {
    expect(signInProblem('', '')).toBe('Enter your email and password.');
    expect(signInProblem('  ', 'secret')).toBe('Enter your email.');
    expect(signInProblem('rev@company.example', '')).toBe('Enter your password.');
  });

  it('lets a filled form through; the server judges the password', () => {
    expect(signInProblem('rev@company.example', ' ')).toBeNull();
  });

  it('gives a throttled step its wait in whole minutes, and any other refusal the server’s words', () => {
    const server = (error: unknown) => (error as Error).message;
    expect(refusalOf(new ApiError(429, 'Too many', 61), server)).toBe(
      'Too many sign-in attempts. Please wait 2 min and try again.',
    );
    expect(refusalOf(new ApiError(401, 'That code is not right.'), server)).toBe('That code is not right.');
  });
});
