import { CANDIDATE_SEARCH_MAX } from '@assessment/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';

/**
 * Finds candidates by a part of their name or email. The server does the finding, so that in blind
 * review it reaches only the candidates this reviewer may see by name; the page says so.
 */
export function CandidateSearch({
  search,
  blind,
  onSearch,
}: {
  search: string;
  blind: boolean;
  onSearch: (search: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(search);
  const field = useRef<HTMLInputElement>(null);
  // Back or a link may change the search under the field: it shows what the list is searched for.
  useEffect(() => setText(search), [search]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <search className="list-filter candidate-search" aria-labelledby={`${id}-label`}>
      <form onSubmit={submit}>
        <label id={`${id}-label`} htmlFor={id}>
          Search by name or email
        </label>{' '}
        <input
          ref={field}
          id={id}
          type="search"
          value={text}
          maxLength={CANDIDATE_SEARCH_MAX}
          aria-describedby={blind ? `${id}-blind` : undefined}
          onChange={(event) => setText(event.target.value)}
        />{' '}
        <button type="submit" className="button">
          Search
        </button>
        {search && (
          <>
            {' '}
            <button
              type="button"
              className="button"
              onClick={() => {
                setText('');
                onSearch('');
                // The button goes with the search: the reviewer goes on from the field.
                field.current?.focus();
              }}
            >
              Show everyone
            </button>
          </>
        )}
        {blind && (
          <span id={`${id}-blind`} className="field-hint">
            Blind review: the search finds only the candidates you have rated or chosen to see.
          </span>
        )}
      </form>
    </search>
  );
}
