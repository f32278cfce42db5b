import { type AccessLinkMade, type ReviewerRole, TEAMMATE_NAME_MAX_LENGTH } from '@assessment/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useSignedIn } from '../../../api/session.tsx';
import { FormOutcome } from '../../../components/FormOutcome.tsx';
import { problemOf } from '../../../hooks/useResource.ts';

/** An admin adds a teammate by email, name and role; the answer holds their one-time link. */
export function AddTeammateForm({ onAdded }: { onAdded: (made: AccessLinkMade) => void }) {
  const { calls } = useSignedIn();
  const id = useId();
  const emailField = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<ReviewerRole>('reviewer');
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [message, setMessage] = useState('');

  async function add(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    if (!email.trim() || !name.trim()) {
      setProblem('Give the teammate’s email and name first.');
      emailField.current?.focus();
      return;
    }
    setSaving(true);
    setMessage('');
    try {
      const made = await calls.addTeammate({ email, name, role });
      onAdded(made);
      setEmail('');
      setName('');
      setProblem(null);
      setMessage(`${made.teammate.name} is added. Send them the link below.`);
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="add-teammate" aria-labelledby={`${id}-title`} onSubmit={(event) => void add(event)} noValidate>
      <h3 id={`${id}-title`}>Add a teammate</h3>
      <p>
        <label htmlFor={`${id}-email`}>Teammate's email</label>{' '}
        <input
          ref={emailField}
          id={`${id}-email`}
          type="email"
          autoComplete="off"
          maxLength={320}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </p>
      <p>
        <label htmlFor={`${id}-name`}>Teammate's name</label>{' '}
        <input
          id={`${id}-name`}
          type="text"
          autoComplete="off"
          maxLength={TEAMMATE_NAME_MAX_LENGTH}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </p>
      <p>
        <label htmlFor={`${id}-role`}>Role</label>{' '}
        <select id={`${id}-role`} value={role} onChange={(event) => setRole(event.target.value as ReviewerRole)}>
          <option value="reviewer">Reviewer: reviews and decides</option>
          <option value="admin">Admin: also manages the team and the company's settings</option>
        </select>
      </p>
      {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus to the page. */}
      <button type="submit" className="button button-primary" aria-disabled={saving} aria-busy={saving}>
        Add teammate
      </button>
      <FormOutcome problem={problem} message={message} />
    </form>
  );
}
