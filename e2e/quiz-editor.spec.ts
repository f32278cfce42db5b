import { agreeAndStart, expect, test } from './fixtures.ts';
import { answerBox, openQuestion, pasteInto, storedAnswers, submittedSession } from './quiz-helpers.ts';

const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
/** One answer with every format of the toolbar, as the editor writes it. */
const EVERY_FORMAT = [
  '<h1>Title</h1><h2 class="ql-indent-1">Sub</h2>',
  '<p>plain <strong>bold</strong> <em>italic</em> <u>under</u> <s>strike</s> <span class="ql-font-serif">serif</span> ',
  '<span class="ql-font-monospace ql-size-small">mono small</span> <span class="ql-size-large">large</span> ',
  '<span class="ql-size-huge">huge</span></p><blockquote>quote</blockquote>',
  '<ol><li>one</li><li class="ql-indent-2">two</li></ol><ul><li class="ql-indent-8">deep</li></ul>',
  '<p class="ql-indent-3">links <a href="https://example.com/?a=1&amp;b=2">web</a> <a href="mailto:ada@example.com">mail</a> ',
  '<a href="tel:+1 555 0100">call</a></p><p><br></p>',
  `<p>line<br>break &lt;&amp;&gt; <img src="${PIXEL}"></p>`,
].join('');

test.describe('answer editor', () => {
  test.beforeEach(async ({ page }) => {
    await agreeAndStart(page);
    await openQuestion(page, 1);
  });

  test('every toolbar control is labelled, and the toolbar works from the keyboard', async ({ page }) => {
    const toolbar = page.getByRole('toolbar', { name: 'Answer formatting' });
    const names = [
      'Header 1',
      'Header 2',
      'Bold',
      'Italic',
      'Underline',
      'Strikethrough',
      'Blockquote',
      'Ordered list',
      'Bullet list',
      'Decrease indent',
      'Increase indent',
      'Link',
      'Image',
      'Remove formatting',
    ];
    for (const name of names) await expect(toolbar.getByRole('button', { name, exact: true })).toBeVisible();
    await expect(toolbar.getByRole('combobox', { name: 'Font' })).toBeVisible();
    await expect(toolbar.getByRole('combobox', { name: 'Size' })).toHaveValue('');

    await answerBox(page).click();
    await page.keyboard.type('Title');
    // Shift+Tab from the answer lands on the toolbar's one tab stop, its first control.
    await page.keyboard.press('Shift+Tab');
    await expect(toolbar.getByRole('button', { name: 'Header 1' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(answerBox(page)).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('End');
    await expect(toolbar.getByRole('button', { name: 'Remove formatting' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(toolbar.getByRole('button', { name: 'Header 1' })).toBeFocused();
    await expect(toolbar.getByRole('button', { name: 'Header 1' })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => storedAnswers(page)).toEqual(['<h1>Title</h1>', '', '']);
  });

  test('formats from the toolbar are saved in the sanitizer vocabulary', async ({ page }) => {
    const toolbar = page.getByRole('toolbar', { name: 'Answer formatting' });
    await answerBox(page).click();
    await toolbar.getByRole('combobox', { name: 'Size' }).selectOption('Huge');
    await page.keyboard.type('big');
    await page.keyboard.press('Enter');
    await toolbar.getByRole('combobox', { name: 'Size' }).selectOption('Normal');
    await toolbar.getByRole('button', { name: 'Bullet list' }).click();
    await page.keyboard.type('point');
    await toolbar.getByRole('button', { name: 'Increase indent' }).click();
    await page.keyboard.press('Enter');
    // Enter on the empty item ends the list and keeps its indent.
    await page.keyboard.press('Enter');
    await toolbar.getByRole('combobox', { name: 'Font' }).selectOption('Monospace');
    await page.keyboard.type('code');
    await expect
      .poll(() => storedAnswers(page))
      .toEqual([
        '<p><span class="ql-size-huge">big</span></p><ul><li class="ql-indent-1">point</li></ul><p class="ql-indent-1"><span class="ql-font-monospace">code</span></p>',
        '',
        '',
      ]);
    await expect(answerBox(page).locator('.ql-size-huge')).toHaveCSS('font-size', '40px');
  });

  test('every format reads back in the editor and survives the server sanitizer unchanged', async ({
    page,
    request,
  }) => {
    await page.evaluate((html) => localStorage.setItem('answers', JSON.stringify([html, '', ''])), EVERY_FORMAT);
    await page.reload();
    await expect(answerBox(page).getByRole('img')).toBeVisible();
    await answerBox(page).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('!');
    const edited = `${EVERY_FORMAT.slice(0, -'</p>'.length)}!</p>`;
    await expect.poll(async () => (await storedAnswers(page))[0]).toBe(edited);

    await page.getByRole('button', { name: 'All questions' }).click();
    await page.getByRole('button', { name: 'Complete' }).click();
    await page.getByRole('button', { name: 'Submit answers' }).click();
    const session = await submittedSession(page, request);
    // The sanitizer adds rel and target to every link and closes void elements XHTML-style (`<br />`).
    const served: string = session.answers.html[0];
    expect(served.replaceAll(' rel="noopener noreferrer" target="_blank"', '').replaceAll(' />', '>')).toBe(edited);
  });

  test('refuses a link with another scheme, with a message, and adds an https link', async ({ page }) => {
    await answerBox(page).click();
    await page.keyboard.type('see docs');
    await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Control+K');
    const address = page.getByRole('textbox', { name: 'Link address' });
    await expect(address).toBeFocused();
    await address.fill('javascript:alert(document.cookie)');
    await page.getByRole('button', { name: 'Add link' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Only web (http or https)' })).toBeVisible();
    await expect(address).toHaveAttribute('aria-invalid', 'true');

    await address.fill('docs.example.com/start');
    await address.press('Enter');
    await expect(answerBox(page)).toBeFocused();
    await expect(answerBox(page).getByRole('link', { name: 'docs' })).toHaveAttribute(
      'href',
      'https://docs.example.com/start',
    );
    await expect
      .poll(() => storedAnswers(page))
      .toEqual(['<p>see <a href="https://docs.example.com/start">docs</a></p>', '', '']);
  });

  test('pasted HTML is cleaned, and the paste is recorded with its length', async ({ page, request }) => {
    const plain = 'Bold and a link';
    // A real copy (Ctrl+C) whose clipboard content is what a web page with hostile markup would give.
    await page.evaluate((text) => {
      const html =
        '<meta charset="utf-8"><p style="color:red" onclick="alert(1)"><b>Bold</b> and <a href="javascript:alert(1)">a link</a><script>alert(2)</script></p>';
      document.addEventListener(
        'copy',
        (event) => {
          event.clipboardData?.setData('text/html', html);
          event.clipboardData?.setData('text/plain', text);
          event.preventDefault();
          event.stopImmediatePropagation();
        },
        { capture: true, once: true },
      );
    }, plain);
    await page.getByRole('heading', { level: 2, name: 'Question 1' }).focus();
    await page.keyboard.press('Control+C');
    await answerBox(page).click();
    await page.keyboard.press('Control+V');
    await expect(answerBox(page)).toHaveText(plain);
    await expect.poll(() => storedAnswers(page)).toEqual(['<p><strong>Bold</strong> and a link</p>', '', '']);

    await page.getByRole('button', { name: 'All questions' }).click();
    await page.getByRole('button', { name: 'Complete' }).click();
    await page.getByRole('button', { name: 'Submit answers' }).click();
    const session = await submittedSession(page, request);
    expect(session.proctoring.perQuestion[0].pastes).toEqual([{ chars: plain.length, at: expect.any(Number) }]);
    expect(session.proctoring.perQuestion[1].pastes).toEqual([]);
  });

  test('an answer too long to save says so and keeps its last save; the other answers still reach the company', async ({
    page,
    request,
  }) => {
    await answerBox(page).click();
    await page.keyboard.type('Kept');
    await expect.poll(() => storedAnswers(page)).toEqual(['<p>Kept</p>', '', '']);
    // 10 kB past the 400 kB one answer may hold.
    await pasteInto(page, 'x'.repeat(410_000));
    const tooLong = page.getByRole('alert').filter({ hasText: 'This answer is too long to be saved' });
    await expect(tooLong).toContainText('please shorten it by about 11 kB');
    expect((await storedAnswers(page))[0]).toBe('<p>Kept</p>');

    await openQuestion(page, 2);
    await answerBox(page).click();
    await page.keyboard.type('Second');
    await page.getByRole('button', { name: 'All questions' }).click();
    await page.getByRole('button', { name: 'Complete' }).click();
    await page.getByRole('button', { name: 'Submit answers' }).click();
    const session = await submittedSession(page, request);
    expect(session.answers.html).toEqual(['<p>Kept</p>', '<p>Second</p>', '']);
  });

  test('a picture from a file is downscaled and saved inline; one too large is refused with a message', async ({
    page,
  }) => {
    const png = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 2400;
      canvas.height = 1600;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no canvas');
      context.fillStyle = '#2a6';
      context.fillRect(0, 0, 2400, 1600);
      context.fillStyle = '#fff';
      context.fillRect(400, 400, 800, 400);
      return canvas.toDataURL('image/png').split(',')[1] ?? '';
    });
    const input = page.locator('.quiz-editor input[type="file"]');
    await input.setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
    const picture = answerBox(page).getByRole('img');
    await expect(picture).toBeVisible();
    expect(await picture.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([
      1280, 853,
    ]);
    await expect(page.getByRole('status').filter({ hasText: 'Answered' })).toHaveText('Answered 1 / 3');
    await expect
      .poll(async () => (await storedAnswers(page))[0])
      .toMatch(/^<p><img src="data:image\/webp;base64,[^"]+"><\/p>$/);

    await input.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(16 * 1024 * 1024),
    });
    await expect(page.getByRole('alert').filter({ hasText: 'This picture is larger than 15 MB' })).toBeVisible();
    await expect(answerBox(page).getByRole('img')).toHaveCount(1);
  });
});
