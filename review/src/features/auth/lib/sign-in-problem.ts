/** What is missing before a sign-in is worth sending, or null when nothing is. */
export function signInProblem(email: string, password: string): string | null {
  if (!email.trim() && !password) return 'Enter your email and password.';
  if (!email.trim()) return 'Enter your email.';
  if (!password) return 'Enter your password.';
  return null;
}
