import { ANCHOR_MAX_LENGTH, CRITERION_NAME_MAX_LENGTH } from '@assessment/core';
import { useId } from 'react';
import { aboutName, type CriterionDraft } from '../lib/criteria.ts';

interface Props {
  number: number;
  draft: CriterionDraft;
  questionCount: number;
  onChange: (field: keyof CriterionDraft, value: string) => void;
  onRemove: () => void;
}

const ANCHORS = [
  ['one', 'What a 1 looks like'],
  ['three', 'What a 3 looks like'],
  ['five', 'What a 5 looks like'],
] as const;

/** One criterion of the rubric being written: what it is about, its name, and its three anchors. */
export function CriterionFields({ number, draft, questionCount, onChange, onRemove }: Props) {
  const id = useId();
  const abouts = [...Array.from({ length: questionCount }, (_, index) => String(index + 1)), 'video'];
  return (
    <fieldset className="criterion-fields">
      <legend>Criterion {number}</legend>
      <p>
        <label htmlFor={`${id}-about`}>About</label>{' '}
        <select
          id={`${id}-about`}
          data-focus={`${draft.key}-about`}
          value={draft.about}
          onChange={(event) => onChange('about', event.target.value)}
        >
          {abouts.map((about) => (
            <option key={about} value={about}>
              {aboutName(about === 'video' ? 'video' : Number(about))}
            </option>
          ))}
        </select>
      </p>
      <p>
        <label htmlFor={`${id}-name`}>Name</label>{' '}
        <input
          id={`${id}-name`}
          type="text"
          data-focus={`${draft.key}-name`}
          maxLength={CRITERION_NAME_MAX_LENGTH}
          value={draft.name}
          onChange={(event) => onChange('name', event.target.value)}
        />
      </p>
      {ANCHORS.map(([field, label]) => (
        <p key={field}>
          <label htmlFor={`${id}-${field}`}>{label}</label>{' '}
          <input
            id={`${id}-${field}`}
            type="text"
            data-focus={`${draft.key}-${field}`}
            maxLength={ANCHOR_MAX_LENGTH}
            value={draft[field]}
            onChange={(event) => onChange(field, event.target.value)}
          />
        </p>
      ))}
      <button type="button" className="button" onClick={onRemove}>
        Remove criterion {number}
      </button>
    </fieldset>
  );
}
