import { type Decisions, NOTE_MAX_LENGTH, type NoteView } from '@assessment/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useSignedIn } from '../../../api/session.tsx';
import { FormOutcome } from '../../../components/FormOutcome.tsx';
import { When } from '../../../components/When.tsx';
import { problemOf } from '../../../hooks/useResource.ts';

interface Props {
  sessionId: string;
  notes: NoteView[];
  /** The team's judgement is withheld until the reviewer rates: the notes are their own only. */
  withheld: boolean;
  onSaved: (decisions: Decisions) => void;
}

/** The team's notes about the candidate, oldest first, with who wrote each and when. */
export function TeamNotes({ sessionId, notes, withheld, onSaved }: Props) {
  const { calls } = useSignedIn();
  const id = useId();
  const [body, setBody] = useState('');
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);

  async function add(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    if (!body.trim()) {
      setProblem('Write the note first.');
      // The box that needs the words takes the focus, its problem read with it.
      box.current?.focus();
      return;
    }
    setSaving(true);
    setMessage('');
    try {
      onSaved(await calls.addNote(sessionId, body));
      setBody('');
      setProblem(null);
      setMessage('Note added.');
    } catch (error) {
      // The note stays in the box, so nothing typed is lost.
      setProblem(problemOf(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="team-notes">
      <h3 id={`${id}-title`}>Notes</h3>
      {withheld && (
        <p className="field-hint">
          Your teammates' notes show here once you have rated this candidate; yours show now.
        </p>
      )}
      {notes.length === 0 ? (
        <p>{withheld ? 'No notes of yours yet.' : 'No notes yet.'}</p>
      ) : (
        <ul className="note-list" aria-labelledby={`${id}-title`}>
          {notes.map((note) => (
            <li key={note.noteId}>
              <p className="note-meta">
                {note.by}, <When at={note.at} />
              </p>
              <p className="note-body">{note.body}</p>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={(event) => void add(event)} noValidate>
        <label htmlFor={`${id}-note`}>Add a note</label>
        <p id={`${id}-hint`} className="field-hint">
          Only your team sees notes; the candidate never does.
        </p>
        <textarea
          ref={box}
          id={`${id}-note`}
          rows={3}
          maxLength={NOTE_MAX_LENGTH}
          value={body}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${id}-hint ${id}-problem` : `${id}-hint`}
          onChange={(event) => setBody(event.target.value)}
        />
        <p>
          {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus to the page. */}
          <button type="submit" className="button" aria-disabled={saving} aria-busy={saving}>
            Add note
          </button>
        </p>
        <FormOutcome problem={problem} message={message} problemId={`${id}-problem`} />
      </form>
    </div>
  );
}
