import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Axe's serious and critical findings on the page as it is now.
 *
 * Axe runs in the page itself (legacy mode), not in a blank page it opens per check to merge each
 * frame's results: the product's pages hold no frame from another origin, the one thing only that
 * blank page can reach, and it cost each check a new page and a second load of axe (a check took
 * about 0.7 s instead of 0.3). Same-origin frames are still checked. Axe keeps the details of its
 * violations only, the one list read here.
 */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
