/**
 * A release refused, with what is wrong in words a section team can act on, and the HTTP status it
 * is answered with. Nothing of a refused release is live; the refusal is in the section's history.
 */
export class ReleaseRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ReleaseRefusal';
  }
}
