import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeAnswer } from '../src/answers/sanitize.ts';
import { adminSession, answers, type InProcessServer, postJson, registered, startServer } from './helpers.ts';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('sanitizeAnswer', () => {
  it('keeps every format the editor makes', () => {
    const html = [
      '<h1>Title</h1>',
      '<h2 class="ql-indent-2">Sub</h2>',
      '<p class="ql-indent-1"><strong>b</strong> <em>i</em> <u>u</u> <s>s</s><br /></p>',
      '<blockquote>quote</blockquote>',
      '<ol><li class="ql-indent-8">one</li></ol><ul><li>two</li></ul>',
      '<p><span class="ql-font-serif ql-size-large">styled</span></p>',
      `<p><img src="${PNG}" /></p>`,
    ].join('');
    expect(sanitizeAnswer(html)).toBe(html);
  });

  it('adds rel and target to links with an allowed scheme', () => {
    for (const href of ['https://a.example/x', 'http://a.example', 'mailto:a@b.example', 'tel:+123']) {
      expect(sanitizeAnswer(`<a href="${href}">l</a>`)).toBe(
        `<a href="${href}" rel="noopener noreferrer" target="_blank">l</a>`,
      );
    }
  });

  it('strips scripts, event handlers and javascript: links', () => {
    expect(sanitizeAnswer('<p>a<script>alert(1)</script>b</p>')).toBe('<p>ab</p>');
    expect(sanitizeAnswer(`<img src="${PNG}" onerror="alert(1)">`)).toBe(`<img src="${PNG}" />`);
    expect(sanitizeAnswer('<img src="x" onerror="alert(1)">')).toBe('');
    expect(sanitizeAnswer('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeAnswer('<a href="JaVaScRiPt:alert(1)" onclick="x()">x</a>')).toBe('<a>x</a>');
    expect(sanitizeAnswer('<a href=" java\nscript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeAnswer('<p style="color:red" onmouseover="x()">t</p>')).toBe('<p>t</p>');
  });

  it("keeps no picture that makes a reader's browser fetch anything, nor one larger than the editor makes", () => {
    expect(sanitizeAnswer('<p><img src="https://tracker.example/pixel.png">x</p>')).toBe('<p>x</p>');
    expect(sanitizeAnswer('<img src="http://10.0.0.1/admin">')).toBe('');
    expect(sanitizeAnswer(`<img src="data:image/png;base64,${'A'.repeat(250_000)}">`)).toBe('');
    expect(sanitizeAnswer('<img srcset="https://t.example/a.png 1x" src="data:image/gif;base64,R0lGOD==">')).toBe(
      '<img src="data:image/gif;base64,R0lGOD==" />',
    );
  });

  it('refuses images that could carry script and classes outside the editor', () => {
    expect(sanitizeAnswer('<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">')).toBe('');
    expect(sanitizeAnswer('<img src="data:text/html;base64,PGI+">')).toBe('');
    expect(sanitizeAnswer('<img src="//evil.example/a.png">')).toBe('');
    expect(sanitizeAnswer('<p class="ql-indent-9 evil">x</p>')).toBe('<p>x</p>');
    expect(sanitizeAnswer('<span class="ql-size-huge big-red">x</span>')).toBe('<span class="ql-size-huge">x</span>');
    expect(sanitizeAnswer('<iframe src="https://a.example"></iframe><style>p{}</style><div>t</div>')).toBe('t');
  });
});

// The API's tests start its worker threads from the run's build of the sources (`API_WORKERS_DIR`,
// `api/src/worker-file.ts`); `pnpm dev` starts them from the sources through tsx, proven here too.
describe.each([
  { name: 'worker threads from the build', fromSources: false },
  { name: 'worker threads from the sources through tsx', fromSources: true },
])('stored answers ($name)', ({ fromSources }) => {
  let server: InProcessServer;
  beforeAll(async () => {
    const bundled = process.env.API_WORKERS_DIR;
    if (fromSources) delete process.env.API_WORKERS_DIR;
    try {
      server = await startServer();
    } finally {
      if (bundled) process.env.API_WORKERS_DIR = bundled;
    }
  });
  afterAll(() => server.stop());

  it('are sanitized before they are stored', async () => {
    const unique = await registered(server.url);
    const dirty = [
      '<p>ok<script>steal()</script></p>',
      '<img src="x" onerror="steal()"><p><strong>kept</strong></p>',
      '<a href="javascript:steal()">link</a><a href="https://ok.example">ok</a>',
    ] as [string, string, string];
    expect((await postJson(server.url, '/api/answers', answers(unique, { answers: dirty }))).status).toBe(200);
    expect((await adminSession(server.url, unique)).answers?.html).toEqual([
      '<p>ok</p>',
      '<p><strong>kept</strong></p>',
      '<a>link</a><a href="https://ok.example" rel="noopener noreferrer" target="_blank">ok</a>',
    ]);
  });
});
