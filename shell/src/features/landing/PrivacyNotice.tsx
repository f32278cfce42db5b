import { type PrivacyFacts, privacyNotice, type TestDefinition } from '@assessment/core';
import { fetchPrivacyFacts } from '@assessment/react';
import { useState } from 'react';

type NoticeState =
  | { kind: 'closed' }
  | { kind: 'loading' }
  | { kind: 'loaded'; facts: PrivacyFacts }
  | { kind: 'failed' };

/**
 * The short privacy notice, made from the company's settings on the server (its retention period
 * among them), so what the candidate reads is what happens. Loaded only when opened: the landing
 * page itself never waits for the network.
 */
export function PrivacyNotice({ test }: { test: TestDefinition }) {
  const [state, setState] = useState<NoticeState>({ kind: 'closed' });

  async function load() {
    setState({ kind: 'loading' });
    const facts = await fetchPrivacyFacts(test.uuid);
    setState(facts ? { kind: 'loaded', facts } : { kind: 'failed' });
  }

  return (
    <details
      className="privacy-notice"
      onToggle={(event) => {
        if (event.currentTarget.open && (state.kind === 'closed' || state.kind === 'failed')) void load();
      }}
    >
      <summary>Privacy notice: what is collected, who sees it, how long it is kept</summary>
      <div aria-live="polite" aria-busy={state.kind === 'loading'}>
        {state.kind === 'loading' && <p>Loading the notice…</p>}
        {state.kind === 'failed' && (
          <div role="alert">
            <p>The notice could not be loaded just now.</p>
            <button type="button" className="button" onClick={() => void load()}>
              Try again
            </button>
          </div>
        )}
        {state.kind === 'loaded' &&
          privacyNotice(state.facts).map((part) => (
            <section key={part.heading}>
              <h3>{part.heading}</h3>
              {part.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </section>
          ))}
      </div>
    </details>
  );
}
