import { useEffect, useId, useRef } from 'react';
import { CopyField } from '../../../components/CopyField.tsx';

/**
 * The ten recovery codes, shown this once (only their hashes are kept). Their heading takes the
 * focus, so the reviewer hears them before anything else; they say when they have kept them.
 */
export function RecoveryCodes({
  codes,
  replaced = false,
  onKept,
}: {
  codes: string[];
  /** Made in place of older codes, which no longer work, rather than at set-up. */
  replaced?: boolean;
  onKept: () => void;
}) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section className="recovery-codes" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1}>
        Your recovery codes
      </h3>
      <p>
        {replaced ? 'Your old recovery codes no longer work.' : 'Two-factor sign-in is on.'} Keep these codes somewhere
        safe, apart from your authenticator app: each one signs you in once without the app. They are shown only now.
      </p>
      <ol className="recovery-code-list">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <CopyField label="All recovery codes" value={codes.join(' ')} noun="codes" />
      <button type="button" className="button button-primary" onClick={onKept}>
        I have kept my recovery codes
      </button>
    </section>
  );
}
