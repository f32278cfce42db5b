import { useSignedIn } from '../../../api/session.tsx';
import { useResource } from '../../../hooks/useResource.ts';

/** The company's tests with their counts and settings. */
export function useTests() {
  const { calls } = useSignedIn();
  return useResource('tests', (signal) => calls.tests(signal));
}
