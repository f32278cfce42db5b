import type { CandidateDetail } from '@assessment/core';
import { type MouseEvent, type ReactNode, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { candidateName } from '../../candidates/lib/candidate-labels.ts';
import { DecisionPanel } from '../../decisions/components/DecisionPanel.tsx';
import { EraseCandidate } from '../../privacy/components/EraseCandidate.tsx';
import { RatingPanel } from '../../ratings/components/RatingPanel.tsx';
import { quizStartOf } from '../lib/timeline.ts';
import { AnswerView } from './AnswerView.tsx';
import { BlindNotice } from './BlindNotice.tsx';
import { CandidateSummary } from './CandidateSummary.tsx';
import { CandidateWalk } from './CandidateWalk.tsx';
import { DeclarationView } from './DeclarationView.tsx';
import { DeviceFacts } from './DeviceFacts.tsx';
import { FeedbackView } from './FeedbackView.tsx';
import { ProctoringTimeline } from './ProctoringTimeline.tsx';
import { SectionRecordView, sectionRecordAnchor } from './SectionRecordView.tsx';
import { VideoPlayer } from './VideoPlayer.tsx';

/**
 * The page's parts in the order a reviewer meets them: their own task first (rating, then the
 * team's ratings once they have rated), then what they read to do it.
 */
const PARTS = [
  { id: 'ratings', title: 'Ratings' },
  { id: 'answers', title: 'Answers' },
  { id: 'video', title: 'Video introduction' },
  { id: 'proctoring', title: 'Proctoring timeline' },
  { id: 'device', title: 'Device' },
  { id: 'feedback', title: "Candidate's feedback" },
  { id: 'declaration', title: 'Declaration' },
  { id: 'decision', title: 'Stage and notes' },
  { id: 'erasure', title: 'Erasure' },
] as const;

type PartId = (typeof PARTS)[number]['id'];
const FEEDBACK_AT = PARTS.findIndex((part) => part.id === 'feedback');

function Part({ id, children }: { id: PartId; children: ReactNode }) {
  const title = PARTS.find((part) => part.id === id)?.title;
  return (
    <section id={id} className="panel candidate-part" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}

const HIDDEN = 'Hidden in blind review: rate the written answers, or show who this candidate is, to see it.';

/**
 * Everything about one candidate, in the order a reviewer reads it. `onChanged` takes the candidate
 * as the server sends them after a change; `onRated` reads them again once the reviewer has rated
 * (which may end a blind review).
 */
export function CandidateDetails({
  candidate,
  onChanged,
  onRated,
}: {
  candidate: CandidateDetail;
  onChanged: (candidate: CandidateDetail) => void;
  onRated: () => void;
}) {
  const name = candidateName(candidate.registration?.fullName, candidate.blind?.code);
  const hidden = candidate.blind !== null;
  const [shownTimes, setShownTimes] = useState(0);
  const [ratedTimes, setRatedTimes] = useState(0);
  const trees = candidate.answers?.trees;
  const { hash, search } = useLocation();
  const navigate = useNavigate();
  // A link to one part of the page (the comparison's "Watch …'s video") lands on it: its heading
  // takes the focus the page's own heading took a moment before, and focusing scrolls it into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only where the reviewer arrived; later hashes are the page list's, whose entries land on their part themselves (goToPart)
  useEffect(() => {
    const anchors = [...PARTS.map(({ id }) => id), ...candidate.sections.map(sectionRecordAnchor)];
    const anchor = anchors.find((id) => `#${id}` === hash);
    if (anchor) document.getElementById(`${anchor}-title`)?.focus();
  }, []);
  // Followed by the browser, an entry of the page list scrolls to its part and, as the part itself
  // takes no focus, leaves the focus on the page body: nothing shows a keyboard user where they
  // are. So the entry lands on its part as a link from another page does, the part's heading
  // taking the focus; a click with a modifier (a new tab or window) stays the browser's.
  const goToPart = (event: MouseEvent<HTMLAnchorElement>, anchor: string) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate({ search, hash: anchor });
    document.getElementById(`${anchor}-title`)?.focus();
  };
  return (
    <article className="candidate-details">
      {/* A new heading once the reviewer chose to see the candidate: it mounts with the name and
          takes the focus, which the button that asked for it, now gone, held. */}
      <PageHeading key={shownTimes} title={name} />
      <CandidateWalk sessionId={candidate.sessionId} testId={candidate.testId} rated={ratedTimes} />
      <CandidateSummary candidate={candidate} />
      {hidden && (
        <BlindNotice
          sessionId={candidate.sessionId}
          onShown={(shown) => {
            setShownTimes((times) => times + 1);
            onChanged(shown);
          }}
        />
      )}
      <nav aria-label="On this page" className="part-nav">
        <ul>
          {/* Sections that keep a record of their own come after the feedback, as on the page. */}
          {[
            ...PARTS.slice(0, FEEDBACK_AT + 1).map((part) => ({ anchor: part.id, title: part.title })),
            ...candidate.sections.map((part) => ({ anchor: sectionRecordAnchor(part), title: part.title })),
            ...PARTS.slice(FEEDBACK_AT + 1).map((part) => ({ anchor: part.id, title: part.title })),
          ].map(({ anchor, title }) => (
            <li key={anchor}>
              <a href={`#${anchor}`} onClick={(event) => goToPart(event, anchor)}>
                {title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <Part id="ratings">
        <RatingPanel
          sessionId={candidate.sessionId}
          blind={hidden}
          onRated={() => {
            setRatedTimes((times) => times + 1);
            // Rated: the server now shows the candidate (reading them again is a look on record, so only then).
            if (hidden) onRated();
          }}
        />
      </Part>
      <Part id="answers">
        {candidate.questions.map((question, index) => (
          <AnswerView
            key={question[0] ?? index}
            number={index + 1}
            question={question}
            nodes={trees?.[index] ?? null}
          />
        ))}
      </Part>
      <Part id="video">
        {hidden ? (
          <p>{HIDDEN}</p>
        ) : (
          <VideoPlayer
            sessionId={candidate.sessionId}
            candidateName={name}
            video={candidate.video}
            noVideo={candidate.noVideo}
          />
        )}
      </Part>
      <Part id="proctoring">
        <ProctoringTimeline
          signals={candidate.signals}
          timeline={candidate.timeline}
          sectionTroubles={candidate.sectionTroubles}
          quizStartedAt={quizStartOf(candidate)}
        />
      </Part>
      <Part id="device">
        {hidden ? (
          <p>{HIDDEN}</p>
        ) : (
          <DeviceFacts deviceInfo={candidate.registration?.deviceInfo ?? null} deviceChecks={candidate.deviceChecks} />
        )}
      </Part>
      <Part id="feedback">
        <FeedbackView feedback={candidate.feedback} />
      </Part>
      {candidate.sections.map((part) => (
        <SectionRecordView key={part.sectionId} part={part} />
      ))}
      <Part id="declaration">
        {hidden ? <p>{HIDDEN}</p> : <DeclarationView registration={candidate.registration} />}
      </Part>
      <Part id="decision">
        <DecisionPanel sessionId={candidate.sessionId} rated={ratedTimes} />
      </Part>
      <Part id="erasure">
        <EraseCandidate sessionId={candidate.sessionId} testId={candidate.testId} candidateName={name} />
      </Part>
    </article>
  );
}
