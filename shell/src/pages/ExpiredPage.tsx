import { forgetErasedSessions, toast } from '@assessment/react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { usePageTitle } from '../components/usePageTitle.ts';

export function ExpiredPage() {
  usePageTitle('Link Expired');
  // Set by the invitation check when the server said the candidate's data was erased.
  const erased = (useLocation().state as { erased?: boolean } | null)?.erased === true;
  // Whether this browser's own copy is gone too; null while it is being dropped.
  const [browserCleared, setBrowserCleared] = useState<boolean | null>(null);
  // What the session's screens said last is not so once its link is closed: the quiz's time-up
  // notice says the answers were submitted, while the server refused them. This page is the one message.
  useEffect(() => {
    toast.dismiss();
  }, []);
  useEffect(() => {
    if (!erased) return;
    let current = true;
    // Here, once the session's screens have closed: a closing screen may still have saved.
    void forgetErasedSessions().then((cleared) => {
      if (current) setBrowserCleared(cleared);
    });
    return () => {
      current = false;
    };
  }, [erased]);
  return (
    <main className="centered-page">
      <h1>Link Expired</h1>
      <p>This invitation link is no longer valid. It may have expired or been revoked by the administrator.</p>
      {erased && (
        <p>
          Your data for this assessment has been erased, at your or the hiring company's request or at the end of the
          period the company keeps it.
          {browserCleared === true && ' Nothing you submitted with this link is kept, in this browser either.'}
          {browserCleared === false &&
            " This browser could not delete all of its own copy of what you entered with this link (your answers, details or video may still be in this site's storage here). Clearing this site's data in your browser's settings removes it, together with any other assessment you started in this browser."}
        </p>
      )}
      <p>Please contact the hiring company's support or request a new invitation link.</p>
    </main>
  );
}
