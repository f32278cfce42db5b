import { NotificationArea } from '@assessment/react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { InvitationClosedRedirect } from '../features/invite/InvitationClosedRedirect.tsx';
import { InviteRouter } from '../features/invite/InviteRouter.tsx';
import { PreviewPage } from '../features/preview/PreviewPage.tsx';
import {
  type SectionLoader,
  SectionLoaderProvider,
  type SectionPrefetcher,
  SectionPrefetcherProvider,
} from '../features/sections/section-loader.ts';
import { EnterLinkPage } from '../pages/EnterLinkPage.tsx';
import { ExpiredPage } from '../pages/ExpiredPage.tsx';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import '@assessment/react/base.css';
import './app.css';

export function App({
  loadSection,
  prefetchSection,
}: {
  loadSection: SectionLoader;
  prefetchSection?: SectionPrefetcher;
}) {
  return (
    <SectionLoaderProvider value={loadSection}>
      <SectionPrefetcherProvider value={prefetchSection}>
        <BrowserRouter>
          <Routes>
            <Route path="/" element={<EnterLinkPage />} />
            <Route path="/invite/:testId/*" element={<InviteRouter />} />
            <Route path="/preview/:token" element={<PreviewPage />} />
            <Route path="/404" element={<NotFoundPage />} />
            <Route path="/expired" element={<ExpiredPage />} />
            <Route path="*" element={<Navigate to="/404" replace />} />
          </Routes>
          <InvitationClosedRedirect />
          <NotificationArea />
        </BrowserRouter>
      </SectionPrefetcherProvider>
    </SectionLoaderProvider>
  );
}
