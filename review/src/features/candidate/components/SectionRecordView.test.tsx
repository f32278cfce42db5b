import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SectionRecordView } from './SectionRecordView.tsx';

const part = {
  sectionId: 'coding',
  title: 'Live Coding',
  receivedAt: '2026-11-26T09:00:00.000Z',
  updatedAt: '2026-11-26T09:05:00.000Z',
  fields: [
    { key: 'solution', label: 'Solution', value: '<img src=x onerror=alert(1)>' },
    { key: 'tests-passed', label: 'Tests passed', value: 7 },
    { key: 'hints', label: 'Used a hint', value: null },
  ],
};

describe("a section's own record on the candidate's page", () => {
  it('is a part of its own under the section title, reached from the page list by its anchor', () => {
    const html = renderToStaticMarkup(<SectionRecordView part={part} />);
    expect(html).toContain('<section id="section-coding"');
    expect(html).toContain('aria-labelledby="section-coding-title"');
    expect(html).toContain('<h2 id="section-coding-title" tabindex="-1">Live Coding</h2>');
    expect(html).toContain('last changed on');
  });

  it('shows each value as text under its label, never as markup', () => {
    const html = renderToStaticMarkup(<SectionRecordView part={part} />);
    expect(html).toContain('<dt>Solution</dt><dd class="candidate-text">&lt;img src=x onerror=alert(1)&gt;</dd>');
    expect(html).toContain('<dt>Tests passed</dt><dd class="candidate-text">7</dd>');
    expect(html).toContain('<dt>Used a hint</dt><dd class="candidate-text">Not given</dd>');
    expect(html).not.toContain('<img');
  });
});
