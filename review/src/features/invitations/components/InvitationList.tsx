import { useId, useRef } from 'react';
import { LoadProblem } from '../../../components/LoadProblem.tsx';
import { useFocusOnceShown } from '../../../hooks/useFocusOnceShown.ts';
import { useInvitations } from '../hooks/useInvitations.ts';
import { BulkInviteForm } from './BulkInviteForm.tsx';
import { CreateInvitationForm } from './CreateInvitationForm.tsx';
import { InvitationCard } from './InvitationCard.tsx';

/** A test's personal invitations: the form that makes one, then every one made, newest first. */
export function InvitationList({ testId, timeLimitInMinute }: { testId: string; timeLimitInMinute: number }) {
  const id = useId();
  const invitations = useInvitations(testId);
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const focusOnceShown = useFocusOnceShown();

  async function showMore(pressed: HTMLElement) {
    if (invitations.loading || !invitations.showMore) return;
    const shown = invitations.items.length;
    // A page that did not come leaves the button where it was, its problem announced.
    if (!(await invitations.showMore())) return;
    // The reviewer reads on from the first invitation the press brought: the button is now below
    // it, or gone with the last page. Were none new, the list's heading.
    focusOnceShown(pressed, () => list.current?.children[shown]?.querySelector('h3') ?? heading.current);
  }

  return (
    <section className="invitations" aria-labelledby={`${id}-title`} aria-busy={invitations.loading}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        Invitations
      </h2>
      <p>
        A personal link works for one candidate in one browser. You can copy it again at any time, extend it, give extra
        time, or revoke it.
      </p>
      <CreateInvitationForm testId={testId} timeLimitInMinute={timeLimitInMinute} onCreated={invitations.added} />
      <BulkInviteForm testId={testId} onCreated={(made) => made.toReversed().forEach(invitations.added)} />
      {invitations.error && <LoadProblem message={invitations.error} onRetry={invitations.reload} />}
      {!invitations.loading && !invitations.error && invitations.items.length === 0 && (
        <p>No invitation has been made for this test yet.</p>
      )}
      <ul ref={list} className="invitation-list">
        {invitations.items.map((invitation) => (
          <li key={invitation.invitationId}>
            <InvitationCard
              invitation={invitation}
              timeLimitInMinute={timeLimitInMinute}
              onChanged={invitations.changed}
            />
          </li>
        ))}
      </ul>
      {invitations.showMore && (
        // aria-disabled, not disabled: a disabled button would drop the keyboard focus to the page.
        <button
          type="button"
          className="button"
          aria-disabled={invitations.loading}
          aria-busy={invitations.loading}
          onClick={(event) => void showMore(event.currentTarget)}
        >
          Show more invitations
        </button>
      )}
    </section>
  );
}
