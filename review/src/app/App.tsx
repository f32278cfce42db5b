import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ReviewSessionProvider } from '../api/session.tsx';
import { useKeptAddress } from '../hooks/useKeptAddress.ts';
import { ReviewLayout } from './ReviewLayout.tsx';
import { AccessRoute } from './routes/AccessRoute.tsx';
import { CandidateRoute } from './routes/CandidateRoute.tsx';
import { CompareRoute } from './routes/CompareRoute.tsx';
import { NotFoundRoute } from './routes/NotFoundRoute.tsx';
import { SettingsIndexRoute, SettingsRoute } from './routes/SettingsRoute.tsx';
import { TestRoute } from './routes/TestRoute.tsx';
import { TestsRoute } from './routes/TestsRoute.tsx';
import '@assessment/react/base.css';
import './review.css';

/** With the charting library, in a chunk of its own: the first load of the page stays as it was. */
const InsightsRoute = lazy(() => import('./routes/InsightsRoute.tsx'));
const insights = (
  <Suspense fallback={<p className="muted">Loading…</p>}>
    <InsightsRoute />
  </Suspense>
);

/**
 * The review page's routes, under /review/ (where the API serves this app). Address changes are
 * urgent updates, not transitions: the list's filters and sort show what the address says, and a
 * reviewer who presses ArrowDown twice on a filter before a transition commits would otherwise
 * start the second press from the old choice and land one short.
 */
export function App() {
  return (
    <BrowserRouter basename="/review" useTransitions={false}>
      <ReviewSessionProvider>
        <ReviewRoutes />
      </ReviewSessionProvider>
    </BrowserRouter>
  );
}

/** The routes, drawn from the address the reviewer's view is kept at (`useKeptAddress`). */
function ReviewRoutes() {
  return (
    <Routes location={useKeptAddress()}>
      {/* Outside the layout: a teammate opens it before they can sign in. */}
      <Route path="access" element={<AccessRoute />} />
      <Route element={<ReviewLayout />}>
        <Route index element={<TestsRoute />} />
        <Route path="tests/:testId" element={<TestRoute tab="candidates" />} />
        <Route path="tests/:testId/invitations" element={<TestRoute tab="invitations" />} />
        <Route path="tests/:testId/settings" element={<TestRoute tab="settings" />} />
        <Route path="tests/:testId/compare" element={<CompareRoute />} />
        <Route path="tests/:testId/insights" element={insights} />
        <Route path="insights" element={insights} />
        <Route path="candidates/:sessionId" element={<CandidateRoute />} />
        <Route path="settings" element={<SettingsIndexRoute />} />
        <Route path="settings/:page" element={<SettingsRoute />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}
