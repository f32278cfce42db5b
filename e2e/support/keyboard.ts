import { expect, type Locator, type Page } from '@playwright/test';

/** What has focus, for a failure message: `body` when the browser left it on the page itself. */
export function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'body';
    const name = (active.getAttribute('aria-label') ?? active.textContent ?? '').trim().slice(0, 40);
    return `${active.tagName.toLowerCase()}${active.id ? `#${active.id}` : ''} "${name}"`;
  });
}

/**
 * Focus is somewhere, not on the page body, once the page has settled after a key press (a view
 * that replaces the focused control moves focus in the next frame). On the body, the next Tab
 * would start again from the top of the page.
 */
export async function expectFocusKept(page: Page): Promise<void> {
  await expect
    .poll(() => describeFocus(page), { message: 'focus fell to the page body', timeout: 5000 })
    .not.toBe('body');
}

/** One key press, then the check that focus was not lost. */
export async function press(page: Page, key: string): Promise<void> {
  await page.keyboard.press(key);
  await expectFocusKept(page);
}

/** Typed into whatever has focus, then the check that focus was not lost. */
export async function type(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text);
  await expectFocusKept(page);
}

/**
 * Presses `key` (Tab, or Shift+Tab to go back) until `target` has focus, checking after every press
 * that focus is somewhere.
 *
 * The target is found once and then asked one question per press (is it focused, or is the focus
 * on the body), instead of being found again by its role and name each time: on a page of fifty
 * cards that search is most of a press's time. Found again only if the page replaced it.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  key: 'Tab' | 'Shift+Tab' = 'Tab',
  maxTabs = 40,
): Promise<void> {
  let element = await target.elementHandle();
  for (let presses = 0; ; ) {
    const focus = await element.evaluate((node) => {
      if (!node.isConnected) return 'replaced';
      if (node === document.activeElement) return 'on target';
      return !document.activeElement || document.activeElement === document.body ? 'on body' : 'elsewhere';
    });
    if (focus === 'on target') return;
    if (focus === 'replaced') {
      await element.dispose();
      element = await target.elementHandle();
      continue;
    }
    if (focus === 'on body' && presses > 0) {
      // A view that replaces the focused control moves focus in the next frame (`expectFocusKept`).
      await expectFocusKept(page);
      continue;
    }
    if (presses > maxTabs) {
      throw new Error(`${maxTabs} presses of ${key} never reached ${target}; focus is on ${await describeFocus(page)}`);
    }
    await page.keyboard.press(key);
    presses += 1;
  }
}

/** Tabs to `target` (`tabTo`), and checks that its focus ring shows. */
export async function tabToShownFocus(
  page: Page,
  target: Locator,
  key: 'Tab' | 'Shift+Tab' = 'Tab',
  maxTabs?: number,
): Promise<void> {
  await tabTo(page, target, key, maxTabs);
  expect(await target.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe('none');
}
