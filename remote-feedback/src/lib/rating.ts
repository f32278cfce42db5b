/** Five stars; the API stores the chosen one as 0 (one star) to 4 (five stars). */
export const RATING_VALUES = [0, 1, 2, 3, 4] as const;
export type Rating = (typeof RATING_VALUES)[number];

export function isRating(value: unknown): value is Rating {
  return (RATING_VALUES as readonly unknown[]).includes(value);
}

/** What a screen reader says for each star, and what the page says was chosen. */
export function starLabel(rating: Rating): string {
  const stars = rating + 1;
  return stars === 1 ? '1 star' : `${stars} stars`;
}

export const RATING_REQUIRED_MESSAGE = 'Please choose a rating from 1 to 5 stars.';
