import { isExpired, isKnownTestId, parseInviteLink } from '@assessment/core';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { usePageTitle } from '../components/usePageTitle.ts';

const lookup = { isKnownTestId, isExpired };

/** `/`: a candidate who lost the link's page pastes the invitation link here. */
export function EnterLinkPage() {
  usePageTitle('Hiring Assessment');
  const navigate = useNavigate();
  const [link, setLink] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseInviteLink(link, lookup);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    navigate(parsed.path);
  }

  return (
    <main className="centered-page">
      <h1>Hiring Assessment</h1>
      <p>Paste the full invitation link you received from the hiring company.</p>
      <form className="enter-link-form" onSubmit={onSubmit} noValidate>
        <label htmlFor={inputId}>Invitation link</label>
        <input
          id={inputId}
          name="link"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://…/invite/…"
          value={link}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setLink(event.target.value);
            setError(null);
          }}
        />
        {error && (
          <p id={errorId} className="field-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button button-primary">
          Open assessment
        </button>
      </form>
    </main>
  );
}
