import type { CompanySettings } from '@assessment/core';
import { formatDateTime, type TimeFormat } from '../../../lib/time.ts';

/**
 * What the stage reasons form says when the server refused a save because another list was saved
 * after the page read the one the admin edited: who saved it and when (where the server says),
 * that nothing was saved, and what the admin can do with their list, still in the field.
 */
export function reasonsChangedMessage(
  current: Pick<CompanySettings, 'stageReasons' | 'stageReasonsSaved'>,
  yours: readonly string[],
  format: TimeFormat = {},
): string {
  const saved = current.stageReasonsSaved;
  const changed = saved
    ? `${saved.by} saved the stage reasons on ${formatDateTime(saved.at, format)}, after this page showed them.`
    : 'The stage reasons changed after this page showed them.';
  const same =
    yours.length === current.stageReasons.length &&
    yours.every((reason, index) => reason === current.stageReasons[index]);
  const next = same
    ? 'Nothing was saved: the list saved is already yours.'
    : 'Nothing was saved. The list as it is now is shown below, and your changes are still in the field: save again to put yours in its place.';
  return `${changed} ${next}`;
}
