import { WEBHOOK_EVENT_TYPES } from '@assessment/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useSignedIn } from '../../../api/session.tsx';
import { CopyField } from '../../../components/CopyField.tsx';
import { useFocusOnceShown } from '../../../hooks/useFocusOnceShown.ts';
import { problemOf, useResource } from '../../../hooks/useResource.ts';
import { type FailureWords, failureWords } from '../lib/failure-words.ts';
import { TechnicalDetail } from './TechnicalDetail.tsx';

/**
 * Where the company's applicant-tracking system hears of each candidate (admins only): an
 * endpoint address, and the secret each event is signed with (Standard Webhooks), shown once when
 * made or rotated, never again.
 */
export function WebhookSetting() {
  const { me } = useSignedIn();
  return me.reviewer.role === 'admin' ? <WebhookForm /> : null;
}

function WebhookForm() {
  const { calls } = useSignedIn();
  const id = useId();
  const webhook = useResource('webhook', (signal) => calls.webhook(signal));
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  // Why the last test event was not delivered, with the error as given: shown apart from the address's own problems.
  const [testFailure, setTestFailure] = useState<FailureWords | null>(null);
  const [busy, setBusy] = useState(false);
  const held = webhook.data?.url;
  const status = useRef<HTMLParagraphElement>(null);
  const focusOnceShown = useFocusOnceShown();

  // The field is there before the saved address has loaded: what the admin typed meanwhile is kept,
  // never replaced by the address that arrives after it.
  const typed = useRef(false);
  useEffect(() => {
    if (held !== undefined && !typed.current) setUrl(held ?? '');
  }, [held]);

  async function act(work: () => Promise<string>) {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    setMessage('');
    setTestFailure(null);
    try {
      setMessage(await work());
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  }

  const save = (event: FormEvent) => {
    event.preventDefault();
    void act(async () => {
      const made = await calls.setWebhook(url.trim());
      webhook.update(() => ({ url: url.trim() }));
      setUrl(url.trim());
      if (!made) return 'Saved: events go to the new address, signed with the same secret.';
      setSecret(made.secret);
      return 'Saved. Copy the signing secret now: it is not shown again.';
    });
  };
  const rotate = () =>
    act(async () => {
      setSecret((await calls.rotateWebhookSecret()).secret);
      return 'A new signing secret is in use from now on. Copy it now: it is not shown again.';
    });
  const sendTest = () =>
    act(async () => {
      const result = await calls.testWebhook();
      if (result.delivered) return `The test event was delivered: the endpoint answered HTTP ${result.status}.`;
      setTestFailure(failureWords(result.error ?? `answered ${result.status}`, 'the endpoint'));
      return '';
    });
  const remove = (pressed: HTMLElement) =>
    act(async () => {
      await calls.removeWebhook();
      webhook.update(() => ({ url: null }));
      setSecret(null);
      setUrl('');
      // The button goes with the endpoint: the reviewer goes on from the line that says so.
      focusOnceShown(pressed, () => status.current);
      return 'Removed: no more events are sent.';
    });

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Webhook</h2>
      <p>
        Each event is posted as JSON and signed with Standard Webhooks: {WEBHOOK_EVENT_TYPES.join(', ')}. It carries ids
        and a link to this page, never a candidate's answers or video.
      </p>
      {webhook.error && <p role="alert">{webhook.error}</p>}
      <form onSubmit={save} noValidate>
        <label htmlFor={`${id}-url`}>Endpoint address (https)</label>{' '}
        <input
          id={`${id}-url`}
          type="url"
          value={url}
          aria-invalid={problem !== null}
          onChange={(event) => {
            typed.current = true;
            setUrl(event.target.value);
          }}
        />{' '}
        <button type="submit" className="button" aria-disabled={busy}>
          Save endpoint
        </button>
      </form>
      {held && (
        <p>
          <button
            type="button"
            className="button"
            aria-disabled={busy}
            aria-busy={busy}
            onClick={() => void sendTest()}
          >
            Send a test event
          </button>{' '}
          <button type="button" className="button" aria-disabled={busy} onClick={() => void rotate()}>
            Rotate signing secret
          </button>{' '}
          <button
            type="button"
            className="button button-danger"
            aria-disabled={busy}
            onClick={(event) => void remove(event.currentTarget)}
          >
            Remove endpoint
          </button>
        </p>
      )}
      {secret && <CopyField label="Signing secret (shown once)" value={secret} noun="secret" />}
      {problem && (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      )}
      {testFailure && (
        <div className="form-problem" role="alert">
          <p>The test event was not delivered: {testFailure.words}.</p>
          <TechnicalDetail detail={testFailure.detail} />
        </div>
      )}
      <p ref={status} className="status-line" role="status" tabIndex={-1}>
        {message}
      </p>
    </section>
  );
}
