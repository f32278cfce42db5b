import {
  GREENHOUSE_CALLS,
  PARTNER_KEY_NAME_MAX_LENGTH,
  type PartnerKeyMade,
  type PartnerKeys,
  type PartnerKeyView,
} from '@assessment/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useSignedIn } from '../../../api/session.tsx';
import { ConfirmButton } from '../../../components/ConfirmButton.tsx';
import { CopyField } from '../../../components/CopyField.tsx';
import { FormOutcome } from '../../../components/FormOutcome.tsx';
import { LoadProblem } from '../../../components/LoadProblem.tsx';
import { When } from '../../../components/When.tsx';
import { useFocusOnceShown } from '../../../hooks/useFocusOnceShown.ts';
import { problemOf, useResource } from '../../../hooks/useResource.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { GREENHOUSE_CALL_NAMES, keyState } from '../lib/key-labels.ts';

/**
 * The company's keys for Greenhouse (admins only): the addresses to give Greenhouse, each key by
 * its name, revocable, and a new one, shown once when made and never again.
 */
export function GreenhouseKeys() {
  const { me } = useSignedIn();
  return me.reviewer.role === 'admin' ? <GreenhousePanel /> : null;
}

function GreenhousePanel() {
  const { me, calls } = useSignedIn();
  const id = useId();
  const keys = useResource('partner-keys', (signal) => calls.partnerKeys(signal));
  const [made, setMade] = useState<PartnerKeyMade | null>(null);
  const [revoked, setRevoked] = useState('');
  const status = useRef<HTMLParagraphElement>(null);
  const focusOnceShown = useFocusOnceShown();
  const urls = keys.data?.urls;

  const withKey = (key: PartnerKeyView) => (data: PartnerKeys) => ({
    ...data,
    keys: [key, ...data.keys.filter((one) => one.keyId !== key.keyId)].sort((a, b) =>
      b.createdAt.localeCompare(a.createdAt),
    ),
  });

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Greenhouse</h2>
      <p>
        Send {me.company.companyName}'s tests from Greenhouse and read each candidate's status and the team's score
        there. Give your Greenhouse account manager these addresses and a key.
      </p>
      {keys.error && <LoadProblem message={keys.error} onRetry={keys.reload} />}
      {!keys.data && !keys.error && <p className="muted">Loading the keys…</p>}
      {keys.data && (
        <>
          {urls &&
            GREENHOUSE_CALLS.map((call) => (
              <CopyField key={call} label={GREENHOUSE_CALL_NAMES[call]} value={urls[call]} noun={`${call} address`} />
            ))}
          {keys.data.keys.length > 0 && (
            <table className="data-table" aria-labelledby={`${id}-keys`}>
              <caption id={`${id}-keys`}>Keys, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Made</th>
                  <th scope="col">State</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {keys.data.keys.map((key) => (
                  <tr key={key.keyId}>
                    <th scope="row">{key.name}</th>
                    <td>
                      <When at={key.createdAt} />
                    </td>
                    <td>{keyState(key, formatDateTime)}</td>
                    <td>
                      {!key.revokedAt && (
                        <ConfirmButton
                          label={`Revoke ${key.name}`}
                          confirmLabel="Yes, revoke"
                          question={`Revoke the key "${key.name}"? Greenhouse's calls with it are refused from now on, and tests it sent that finish later are not reported to Greenhouse.`}
                          onConfirm={async () => {
                            const after = await calls.revokePartnerKey(key.keyId);
                            keys.update(withKey(after));
                            if (made?.keyId === key.keyId) setMade(null);
                            setRevoked(`The key "${key.name}" is revoked.`);
                            // Its button goes with the change: the reviewer goes on from the line that says so.
                            focusOnceShown(document.activeElement, () => status.current);
                          }}
                        />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p ref={status} className="status-line" role="status" tabIndex={-1}>
            {revoked}
          </p>
          {made && <CopyField label={`Greenhouse key "${made.name}" (shown once)`} value={made.key} noun="key" />}
          {keys.data.canMake ? (
            <NewKeyForm
              onMade={(key) => {
                setMade(key);
                setRevoked('');
                keys.update(withKey(key));
              }}
            />
          ) : (
            <p className="notice">
              No key can be made until the operator of this service sets PARTNER_KEY_SECRET (its deployment guide,
              "Greenhouse", says how).
            </p>
          )}
        </>
      )}
    </section>
  );
}

/** An admin names a new key and makes it; the answer holds the key, shown this once. */
function NewKeyForm({ onMade }: { onMade: (made: PartnerKeyMade) => void }) {
  const { calls } = useSignedIn();
  const id = useId();
  const nameField = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [message, setMessage] = useState('');

  async function make(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    if (!name.trim()) {
      setProblem('Name the key first, to tell it from the others (for example, the Greenhouse account it is for).');
      nameField.current?.focus();
      return;
    }
    setSaving(true);
    setMessage('');
    try {
      const made = await calls.makePartnerKey(name.trim());
      onMade(made);
      setName('');
      setProblem(null);
      setMessage(`The key "${made.name}" is made. Copy it now: it is not shown again.`);
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form aria-labelledby={`${id}-title`} onSubmit={(event) => void make(event)} noValidate>
      <h3 id={`${id}-title`}>Make a key</h3>
      <p>
        <label htmlFor={`${id}-name`}>Name of the new key</label>{' '}
        <input
          ref={nameField}
          id={`${id}-name`}
          type="text"
          autoComplete="off"
          maxLength={PARTNER_KEY_NAME_MAX_LENGTH}
          value={name}
          aria-invalid={problem !== null}
          onChange={(event) => setName(event.target.value)}
        />{' '}
        {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus to the page. */}
        <button type="submit" className="button button-primary" aria-disabled={saving} aria-busy={saving}>
          Make key
        </button>
      </p>
      <FormOutcome problem={problem} message={message} />
    </form>
  );
}
