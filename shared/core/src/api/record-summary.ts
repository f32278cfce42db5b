import type { MyRecord } from './record-schemas.ts';

/** One line of the end-of-assessment summary: what the hiring company holds, in the candidate's words. */
export interface RecordFact {
  label: string;
  value: string;
}

/** How a server time reads in the summary: with its date and the candidate's time zone. */
export type TimeFormat = (at: number) => string;

function at(iso: string, time: TimeFormat): string {
  return time(Date.parse(iso));
}

function answersFact(answers: MyRecord['answers'], time: TimeFormat): string {
  if (answers === null) return 'No answers have arrived.';
  if (answers.submittedAt === null) return `Saved at ${at(answers.receivedAt, time)}, not submitted.`;
  const how =
    answers.finalReason === 'time-up'
      ? 'when the time was up'
      : answers.finalReason === 'complete'
        ? 'when you chose Complete'
        : '';
  const late = answers.late ? ' They arrived after the time limit, so they are marked as late.' : '';
  return `Submitted at ${at(answers.submittedAt, time)}${how ? `, ${how}` : ''}.${late}`;
}

function cameraFact(checks: MyRecord['deviceChecks'], time: TimeFormat): string {
  const last = checks.at(-1);
  if (!last) return 'No camera check was reported.';
  return `${last.result ? 'Passed' : 'Did not pass'} (last checked at ${at(last.receivedAt, time)}).`;
}

function videoFact(video: MyRecord['video'], time: TimeFormat): string {
  const when = video.at ? ` at ${at(video.at, time)}` : '';
  switch (video.state) {
    case 'received':
      return `Received${when}.`;
    case 'uploading':
      return 'Not complete: the upload had not finished.';
    case 'skipped':
      return `No video: you continued without one${when}.`;
    case 'none':
      return 'No video has arrived.';
  }
}

/** The summary's lines, in the order the candidate went through the assessment. */
export function recordFacts(
  record: Pick<MyRecord, 'registeredAt' | 'answers' | 'deviceChecks' | 'video' | 'feedbackReceivedAt'>,
  time: TimeFormat,
): RecordFact[] {
  return [
    {
      label: 'Registration',
      value: record.registeredAt ? `Received at ${at(record.registeredAt, time)}.` : 'Not received.',
    },
    { label: 'Answers', value: answersFact(record.answers, time) },
    { label: 'Camera check', value: cameraFact(record.deviceChecks, time) },
    { label: 'Video introduction', value: videoFact(record.video, time) },
    {
      label: 'Feedback',
      value: record.feedbackReceivedAt ? `Received at ${at(record.feedbackReceivedAt, time)}.` : 'Not received yet.',
    },
  ];
}
