/**
 * How one session value is kept in its own localStorage key: read back (undefined when the stored
 * text is not a value of this kind, so a corrupt key never crashes a page), written (null removes
 * the key), and its value in a fresh session.
 */
export interface SessionField<T> {
  read(raw: string): T | undefined;
  write(value: T): string | null;
  empty: T;
}

export type SessionFields<T> = { [K in keyof T]: SessionField<T[K]> };

export function textField(): SessionField<string> {
  return { read: (raw) => raw, write: (value) => value, empty: '' };
}

export function optionalTextField(): SessionField<string | null> {
  return { read: (raw) => raw, write: (value) => value, empty: null };
}

export function flagField(): SessionField<boolean> {
  return { read: (raw) => raw === 'true', write: (value) => String(value), empty: false };
}

export function optionalNumberField(): SessionField<number | null> {
  return {
    read: (raw) => (Number.isFinite(Number(raw)) && raw.trim() !== '' ? Number(raw) : undefined),
    write: (value) => (value === null ? null : String(value)),
    empty: null,
  };
}

/** A list of strings kept as JSON, e.g. the quiz's answers; `empty` is the list of a fresh session. */
export function textListField(empty: string[]): SessionField<string[]> {
  return {
    read(raw) {
      try {
        const parsed: unknown = JSON.parse(raw);
        return Array.isArray(parsed) && parsed.every((item) => typeof item === 'string') ? parsed : undefined;
      } catch {
        return undefined;
      }
    },
    write: (value) => JSON.stringify(value),
    empty,
  };
}
