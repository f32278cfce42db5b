/** Why a section could not be shown: not reachable, or built for another section contract. */
export class SectionLoadError extends Error {
  constructor(
    message: string,
    readonly kind: 'unreachable' | 'contract',
  ) {
    super(message);
    this.name = 'SectionLoadError';
  }
}
