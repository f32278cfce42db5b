import { useId, useState } from 'react';
import { useReviewSession, useSignedIn } from '../../../api/session.tsx';
import { FormOutcome } from '../../../components/FormOutcome.tsx';
import { problemOf, useResource } from '../../../hooks/useResource.ts';

/**
 * The company's rule, for its admins: everyone must sign in with two factors. Only an admin who
 * has it on can turn the rule on, so it never shuts out the admin who sets it.
 */
export function TwoFactorRequirement() {
  const { me } = useSignedIn();
  return me.reviewer.role === 'admin' ? <RequirementSwitch /> : null;
}

function RequirementSwitch() {
  const { calls } = useSignedIn();
  const { refresh } = useReviewSession();
  const id = useId();
  const status = useResource('two-factor', (signal) => calls.twoFactor(signal));
  const [pending, setPending] = useState<boolean | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [message, setMessage] = useState('');

  async function toggle(required: boolean) {
    if (pending !== null) return;
    setPending(required);
    setProblem(null);
    setMessage('');
    try {
      const saved = await calls.setTwoFactorRequired(required);
      status.update(() => saved);
      setMessage(
        saved.required
          ? 'Two-factor sign-in is now required: everyone in your company sets it up at their next step on this page.'
          : 'Two-factor sign-in is no longer required.',
      );
      void refresh();
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setPending(null);
    }
  }

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Two-factor sign-in for everyone</h2>
      {status.data ? (
        <div className="checkbox-field">
          <input
            id={`${id}-required`}
            type="checkbox"
            checked={pending ?? status.data.required}
            aria-describedby={`${id}-hint`}
            onChange={(event) => void toggle(event.target.checked)}
          />
          <label htmlFor={`${id}-required`}>Require two-factor sign-in of everyone in the company</label>
        </div>
      ) : (
        !status.error && <p className="muted">Loading…</p>
      )}
      {status.error && <p role="alert">{status.error}</p>}
      <p id={`${id}-hint`} className="field-hint">
        While it is required, a teammate without it can only set it up. Turn it on for your own account first (above).
        Resetting a teammate's access also takes their two-factor sign-in away, for a lost phone.
      </p>
      <FormOutcome problem={problem} message={message} />
    </section>
  );
}
