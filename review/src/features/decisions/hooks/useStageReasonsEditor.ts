import { type CompanySettings, stageReasonsConflictSchema } from '@assessment/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../api/http.ts';
import { useSignedIn } from '../../../api/session.tsx';
import { useFocusOnceShown } from '../../../hooks/useFocusOnceShown.ts';
import { problemOf, useResource } from '../../../hooks/useResource.ts';
import { reasonsFromLines } from '../lib/stage-reasons.ts';
import { reasonsChangedMessage } from '../lib/stage-reasons-conflict.ts';

const linesOf = (reasons: readonly string[]) => reasons.join('\n');

const savedMessage = ({ stageReasons }: CompanySettings) =>
  stageReasons.length === 0
    ? 'Saved: no reasons, so a stage changes without one.'
    : `Saved: ${stageReasons.length} ${stageReasons.length === 1 ? 'reason' : 'reasons'}.`;

/**
 * The company's stage reasons as an admin edits them. The draft starts as the list first read and
 * is the admin's from then on. A save names the version this page read: if another admin saved a
 * list since, the server refuses it (409), and the list saved now is put in place of the one read
 * (`meanwhile` says who saved it), beside the draft, never over it; the next save, made having seen
 * it, replaces it knowingly.
 */
export function useStageReasonsEditor() {
  const { me, calls } = useSignedIn();
  const company = useResource('company', (signal) => calls.company(signal));
  const held = company.data;
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [meanwhile, setMeanwhile] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [saving, setSaving] = useState(false);
  const notice = useRef<HTMLParagraphElement>(null);
  const focusOnceShown = useFocusOnceShown();

  useEffect(() => {
    if (held !== undefined && draft === null) setDraft(linesOf(held.stageReasons));
  }, [held, draft]);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving || draft === null || held === undefined) return;
    const pressed = document.activeElement;
    setMessage('');
    const read = reasonsFromLines(draft);
    if ('problem' in read) {
      setProblem(read.problem);
      return;
    }
    setProblem(null);
    setSaving(true);
    try {
      const saved = await calls.changeCompanySettings({
        stageReasons: read.reasons,
        stageReasonsVersion: held.stageReasonsVersion,
      });
      company.update(() => saved);
      setDraft(linesOf(saved.stageReasons));
      setMeanwhile(null);
      setMessage(savedMessage(saved));
    } catch (error) {
      const conflict =
        error instanceof ApiError && error.status === 409 ? stageReasonsConflictSchema.safeParse(error.body) : null;
      if (conflict?.success) {
        const { stageReasons, stageReasonsVersion, stageReasonsSaved } = conflict.data;
        // Shown from now on, and the version the next save names.
        company.update((settings) => ({ ...settings, stageReasons, stageReasonsVersion, stageReasonsSaved }));
        setMeanwhile(reasonsChangedMessage(conflict.data, read.reasons));
        // The notice takes the focus from the save button, so that it is read, and Tab goes on to the draft.
        focusOnceShown(pressed, () => notice.current);
      } else {
        setProblem(problemOf(error));
      }
    } finally {
      setSaving(false);
    }
  }

  return {
    isAdmin: me.reviewer.role === 'admin',
    loadProblem: company.error,
    held,
    draft,
    setDraft,
    problem,
    meanwhile,
    notice,
    message,
    saving,
    save,
  };
}
