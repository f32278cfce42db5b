import { type Ref, useId } from 'react';

/**
 * Why the admin's stage reasons were not saved (another admin saved a list after this page read
 * it), and that list as it is now, shown above the admin's own, which stays in the field.
 */
export function ReasonsSavedMeanwhile({
  message,
  reasons,
  noticeRef,
  noticeId,
}: {
  message: string;
  reasons: readonly string[];
  noticeRef: Ref<HTMLParagraphElement>;
  noticeId: string;
}) {
  const id = useId();
  return (
    <div>
      {/* Focusable, not in the Tab order: it takes the focus from the save button when it appears. */}
      <p ref={noticeRef} id={noticeId} className="form-problem" role="alert" tabIndex={-1}>
        {message}
      </p>
      {reasons.length === 0 ? (
        <p>The list as it is now: no reasons.</p>
      ) : (
        <>
          <p id={`${id}-title`}>The list as it is now:</p>
          <ul aria-labelledby={`${id}-title`}>
            {reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
