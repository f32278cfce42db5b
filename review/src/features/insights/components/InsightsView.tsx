import type { Insights } from '@assessment/core';
import { useMemo } from 'react';
import { insightTables } from '../lib/insight-tables.ts';
import { InsightFigure } from './InsightFigure.tsx';

/** Every figure of one look, by the question it answers. */
export function InsightsView({ insights, fileName }: { insights: Insights; fileName: string }) {
  const tables = useMemo(() => insightTables(insights), [insights]);
  return (
    <>
      <section aria-labelledby="insights-funnel">
        <h2 id="insights-funnel">Where candidates stop</h2>
        <p>
          Each step counts the candidates who reached it or any step after it. Personal invitations made in the period
          and candidates who registered by the open link in it are counted apart, each followed to where they are now.
          The open link is public: nobody is invited to it, and opening it is not counted.
        </p>
        <InsightFigure table={tables.personal} fileName={fileName} />
        <InsightFigure table={tables.openLink} fileName={fileName} />
        <InsightFigure table={tables.video} fileName={fileName} />
      </section>
      <section aria-labelledby="insights-time">
        <h2 id="insights-time">Time</h2>
        <p>
          From the server's own times: the quiz from its start to its answers, the video step from the quiz's end to the
          video or the choice to go on without one, the feedback from there to the feedback. Median and 90th percentile,
          each a time one candidate really took.
        </p>
        <InsightFigure table={tables.sections} fileName={fileName} />
        <InsightFigure table={tables.extraTime} fileName={fileName} />
        <InsightFigure table={tables.days} chart="columns" fileName={fileName}>
          <p>The candidates above, by the day they registered and the day they finished.</p>
        </InsightFigure>
      </section>
      <section aria-labelledby="insights-ratings">
        <h2 id="insights-ratings">The team's ratings</h2>
        <p>
          Only of the candidates above you have rated yourself: nothing of a teammate's judgement of a candidate shows
          before you have given yours. A candidate is marked "Discuss" where two ratings of a criterion are 2 or more
          apart.
        </p>
        {tables.criteria ? (
          <InsightFigure table={tables.criteria} fileName={fileName} />
        ) : (
          <p className="muted">
            {insights.testId
              ? 'This test has no rubric yet.'
              : "Choose one test to see each criterion's scores: each test has a rubric of its own."}
          </p>
        )}
        <InsightFigure table={tables.recommendations} fileName={fileName} />
        <InsightFigure table={tables.discuss} fileName={fileName} />
      </section>
      <section aria-labelledby="insights-video">
        <h2 id="insights-video">Where the video step loses people</h2>
        <p>The candidates above who finished the quiz and have gone no further.</p>
        <InsightFigure table={tables.cameraChecks} fileName={fileName} />
        <InsightFigure table={tables.browsers} fileName={fileName} />
      </section>
      <section aria-labelledby="insights-reminders">
        <h2 id="insights-reminders">Reminders</h2>
        <InsightFigure table={tables.reminders} fileName={fileName} />
      </section>
    </>
  );
}
