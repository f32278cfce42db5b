import type { AccessLinkMade, Teammate } from '@assessment/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useSignedIn } from '../../../api/session.tsx';
import { ConfirmButton } from '../../../components/ConfirmButton.tsx';
import { LoadProblem } from '../../../components/LoadProblem.tsx';
import { useResource } from '../../../hooks/useResource.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { teammateState } from '../lib/team-labels.ts';
import { AddTeammateForm } from './AddTeammateForm.tsx';
import { NewAccessLink } from './NewAccessLink.tsx';

/** The company's team, for its admins: who can sign in, and adding, resetting and removing teammates. */
export function TeamPanel() {
  const { me } = useSignedIn();
  return me.reviewer.role === 'admin' ? <TeamTable /> : null;
}

function TeamTable() {
  const { calls } = useSignedIn();
  const id = useId();
  const team = useResource('team', (signal) => calls.team(signal));
  const [made, setMade] = useState<AccessLinkMade | null>(null);
  const [message, setMessage] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);
  // Once the list without the removed teammate is on screen (a state set after an await renders
  // later than a frame, so not at a guessed moment).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the new list on screen is what the heading waits for.
  useEffect(() => {
    if (!focusHeading.current) return;
    focusHeading.current = false;
    heading.current?.focus();
  }, [team.data]);

  const replace = (teammate: Teammate) =>
    team.update((data) => ({
      teammates: [...data.teammates.filter((one) => one.reviewerId !== teammate.reviewerId), teammate].sort((a, b) =>
        a.email.localeCompare(b.email),
      ),
    }));

  return (
    <section className="panel team-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        Your team
      </h2>
      {team.error && <LoadProblem message={team.error} onRetry={team.reload} />}
      {team.data && (
        <table className="data-table team-table" aria-labelledby={`${id}-title`}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Access</th>
              <th scope="col">Two-factor sign-in</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {team.data.teammates.map((teammate) => (
              <tr key={teammate.reviewerId}>
                <th scope="row">{teammate.you ? `${teammate.name} (you)` : teammate.name}</th>
                <td>{teammate.email}</td>
                <td>{teammate.role === 'admin' ? 'Admin' : 'Reviewer'}</td>
                <td>{teammateState(teammate, formatDateTime)}</td>
                <td>{teammate.twoFactor ? 'On' : 'Off'}</td>
                <td>
                  {!teammate.you && (
                    <div className="team-actions">
                      <ConfirmButton
                        label={`Reset access for ${teammate.name}`}
                        confirmLabel="Yes, reset"
                        question={`Reset ${teammate.name}'s access? Their password stops working and they are signed out everywhere; a new link lets them set another.`}
                        onConfirm={async () => {
                          const reset = await calls.resetAccess(teammate.reviewerId);
                          replace(reset.teammate);
                          setMade(reset);
                          setMessage(`${teammate.name}'s access is reset. Send them the new link below.`);
                        }}
                      />
                      <ConfirmButton
                        label={`Remove ${teammate.name}`}
                        confirmLabel="Yes, remove"
                        question={`Remove ${teammate.name} from the team? They are signed out and can no longer sign in. What they did stays on record.`}
                        onConfirm={async () => {
                          await calls.removeTeammate(teammate.reviewerId);
                          team.update((data) => ({
                            teammates: data.teammates.filter((one) => one.reviewerId !== teammate.reviewerId),
                          }));
                          if (made?.teammate.reviewerId === teammate.reviewerId) setMade(null);
                          setMessage(`${teammate.name} is removed from the team.`);
                          // Their row, and the button that had the focus, go: the heading takes it.
                          focusHeading.current = true;
                        }}
                      />
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {!team.data && !team.error && <p className="muted">Loading your team…</p>}
      <p className="status-line" role="status">
        {message}
      </p>
      {made && <NewAccessLink made={made} />}
      <AddTeammateForm
        onAdded={(added) => {
          replace(added.teammate);
          setMade(added);
          setMessage('');
        }}
      />
    </section>
  );
}
