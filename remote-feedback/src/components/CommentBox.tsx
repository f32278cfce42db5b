import { FEEDBACK_MAX_CHARS } from '@assessment/core';
import { characterCount, limitNotice } from '../lib/text-limit.ts';

interface Props {
  value: string;
  onChange: (comment: string) => void;
}

/** The optional comment, with a visible counter; the browser stops typing at the limit. */
export function CommentBox({ value, onChange }: Props) {
  return (
    <div className="feedback-comment">
      <label htmlFor="feedback-comment" className="feedback-label">
        What could make this assessment better? <span className="feedback-optional">(optional)</span>
      </label>
      <textarea
        id="feedback-comment"
        name="feedback"
        rows={6}
        maxLength={FEEDBACK_MAX_CHARS}
        value={value}
        aria-describedby="feedback-comment-count"
        onChange={(event) => onChange(event.target.value)}
      />
      <p id="feedback-comment-count" className="feedback-count">
        {characterCount(value.length, FEEDBACK_MAX_CHARS)}
      </p>
      <p className="visually-hidden" role="status">
        {limitNotice(value.length, FEEDBACK_MAX_CHARS)}
      </p>
    </div>
  );
}
