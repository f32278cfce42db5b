import { invitePath, SECTIONS, sampleTestId } from '@assessment/core';
import { dateTimeWithZone, holdReleasePreview } from '@assessment/react';
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { type PreviewLinkState, readPreviewLink } from './preview-link.ts';

/**
 * `/preview/<token>`: a section team's preview link (`pnpm release preview`). An open link is held
 * by this tab, which then gets the previewed release, and says what that means; a link that opens
 * nothing says why, and nothing is held.
 */
export function PreviewPage() {
  const { token = '' } = useParams();
  const [state, setState] = useState<PreviewLinkState | 'checking'>('checking');
  usePageTitle(state !== 'checking' && state.kind === 'open' ? 'Preview' : 'Preview link');

  const check = useCallback(async () => {
    setState('checking');
    const found = await readPreviewLink(token);
    if (found.kind === 'open') holdReleasePreview(token);
    setState(found);
  }, [token]);

  useEffect(() => {
    void check();
  }, [check]);

  if (state === 'checking') {
    return (
      <main className="centered-page">
        <h1>Preview link</h1>
        <p role="status">Checking this preview link…</p>
      </main>
    );
  }
  if (state.kind === 'open') {
    const { preview } = state;
    const title = SECTIONS.byId(preview.section)?.title ?? preview.section;
    return (
      <main className="centered-page">
        <h1>Preview of {title}</h1>
        <p>
          Version {preview.version}, until {dateTimeWithZone(Date.parse(preview.expiresAt))}. In this tab, the product
          shows this version of the section; every other section is the one candidates get.
        </p>
        <p>
          No candidate gets this version until the section team makes it live. What you do in this tab is kept apart: no
          hiring company sees it, and no list or count includes it.
        </p>
        {/* A full load, so the tab reads its sections again with the preview. */}
        <a className="button" href={invitePath(sampleTestId)}>
          Open the sample test
        </a>
      </main>
    );
  }
  if (state.kind === 'unreachable') {
    return (
      <main className="centered-page">
        <h1>Preview link</h1>
        <p role="alert">This preview link could not be checked: the server did not answer. Nothing was opened.</p>
        <button type="button" className="button" onClick={() => void check()}>
          Try again
        </button>
      </main>
    );
  }
  return (
    <main className="centered-page">
      <h1>{state.kind === 'expired' ? 'Preview link expired' : 'Preview link not valid'}</h1>
      <p>
        {state.kind === 'expired'
          ? 'This preview link has expired.'
          : 'This is not a preview link: it may have been changed or cut short when it was copied.'}{' '}
        Nothing was opened. Ask the section team for a new link.
      </p>
    </main>
  );
}
