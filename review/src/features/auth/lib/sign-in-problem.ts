import { ApiError } from '../../../api/http.ts';

/** What is missing before a sign-in is worth sending, or null when nothing is. */
export function signInProblem(email: string, password: string): string | null {
  if (!email.trim() && !password) return 'Enter your email and password.';
  if (!email.trim()) return 'Enter your email.';
  if (!password) return 'Enter your password.';
  return null;
}

/**
 * A refused sign-in step in words: a wait asked by the throttle in minutes a person can plan
 * with, else the server's own message.
 */
export function refusalOf(error: unknown, otherwise: (error: unknown) => string): string {
  return error instanceof ApiError && error.status === 429 && error.retryAfterSeconds
    ? `Too many sign-in attempts. Please wait ${Math.ceil(error.retryAfterSeconds / 60)} min and try again.`
    : otherwise(error);
}
