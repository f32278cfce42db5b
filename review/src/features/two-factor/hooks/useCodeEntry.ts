import { type FormEvent, useRef, useState } from 'react';
import { problemOf } from '../../../hooks/useResource.ts';
import { hasCode } from '../lib/key-groups.ts';

/**
 * A code typed into a form and sent: nothing is sent while the field is empty (`missing` says
 * what to type), a refusal is shown and the field cleared, and either way the field takes the
 * focus again so the reviewer can type the next code.
 */
export function useCodeEntry(missing: string, send: (code: string) => Promise<void>) {
  const field = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    if (!hasCode(code)) {
      setProblem(missing);
      field.current?.focus();
      return;
    }
    setSending(true);
    try {
      await send(code);
      setCode('');
      setProblem(null);
    } catch (error) {
      setCode('');
      setProblem(problemOf(error));
      field.current?.focus();
    } finally {
      setSending(false);
    }
  }

  return { field, code, setCode, sending, problem, submit };
}
