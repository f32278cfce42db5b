import type { CompanySettings, CompanySettingsUpdate } from '@assessment/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useSignedIn } from '../api/session.tsx';
import { problemOf, useResource } from './useResource.ts';

/**
 * One of the company's settings, as an admin edits it: the company's settings loaded, a draft of
 * this one that starts as what is held, and a submit that checks the draft, saves it and says what
 * was saved. Each setting's form supplies how its draft is made, read and told; the functions
 * given must be the same on every render (module functions), as the draft follows `held` only.
 */
export function useCompanySetting<Held, Draft>(setting: {
  held: (settings: CompanySettings) => Held;
  draftOf: (held: Held) => Draft;
  /** The change a draft asks for, or why it cannot be saved. */
  changeOf: (draft: Draft) => { change: CompanySettingsUpdate } | { problem: string };
  savedMessage: (saved: CompanySettings) => string;
}) {
  const { me, calls } = useSignedIn();
  const company = useResource('company', (signal) => calls.company(signal));
  const held = company.data === undefined ? undefined : setting.held(company.data);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [saving, setSaving] = useState(false);
  const { draftOf } = setting;

  useEffect(() => {
    if (held !== undefined) setDraft(draftOf(held));
  }, [held, draftOf]);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving || draft === null) return;
    setMessage('');
    const read = setting.changeOf(draft);
    if ('problem' in read) {
      setProblem(read.problem);
      return;
    }
    setProblem(null);
    setSaving(true);
    try {
      const saved = await calls.changeCompanySettings(read.change);
      company.update(() => saved);
      setMessage(setting.savedMessage(saved));
    } catch (error) {
      setProblem(problemOf(error));
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
    message,
    saving,
    save,
  };
}
