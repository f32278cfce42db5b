import { useState } from 'react';
import { RATING_VALUES, type Rating, starLabel } from '../lib/rating.ts';

interface Props {
  value: Rating | null;
  onChange: (rating: Rating) => void;
  /** The message shown when Submit was pressed without a rating. */
  error: string | undefined;
}

export const FIRST_STAR_ID = 'feedback-star-0';
const ERROR_ID = 'feedback-rating-error';

/**
 * Five stars that are a native radio group underneath: Tab reaches the group, the arrow keys move
 * between stars and choose, and a screen reader hears "3 stars, radio button, 3 of 5".
 */
export function StarRating({ value, onChange, error }: Props) {
  const [hovered, setHovered] = useState<Rating | null>(null);
  const shown = hovered ?? value;

  return (
    <fieldset
      className="feedback-rating"
      aria-describedby={error ? ERROR_ID : undefined}
      onMouseLeave={() => setHovered(null)}
    >
      <legend className="feedback-label">How would you rate this assessment?</legend>
      <div className="feedback-stars">
        {RATING_VALUES.map((rating) => (
          <span key={rating} className="feedback-star">
            <input
              type="radio"
              id={`feedback-star-${rating}`}
              className="feedback-star-input"
              name="feedback-rating"
              value={rating}
              checked={value === rating}
              aria-invalid={error ? true : undefined}
              onChange={() => onChange(rating)}
            />
            <label
              htmlFor={`feedback-star-${rating}`}
              className={shown !== null && rating <= shown ? 'feedback-star-label is-lit' : 'feedback-star-label'}
              onMouseEnter={() => setHovered(rating)}
            >
              <svg className="feedback-star-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
              </svg>
              <span className="visually-hidden">{starLabel(rating)}</span>
            </label>
          </span>
        ))}
      </div>
      <p className="feedback-rating-choice">
        {value === null ? 'No rating chosen yet.' : `Your rating: ${starLabel(value)} out of 5.`}
      </p>
      {error && (
        <p id={ERROR_ID} className="feedback-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
