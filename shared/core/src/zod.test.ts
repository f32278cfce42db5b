import { afterEach, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
});

// The product's Content-Security-Policy refuses eval; a refused probe is still reported as a violation.
it('builds and parses every schema of the package without ever calling Function', async () => {
  const evaluate = vi.fn();
  vi.stubGlobal('Function', evaluate);
  const core = await import('./index.ts');
  const test = core.getTest(core.sampleTestId);
  expect(test?.uuid).toBe(core.sampleTestId);
  expect(core.proctoringSchema.safeParse(core.emptyProctoring()).success).toBe(true);
  expect(evaluate).not.toHaveBeenCalled();
});
