import { startOutbox } from '@assessment/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { SectionLoader, SectionPrefetcher } from '../features/sections/section-loader.ts';
import { App } from './App.tsx';

export { SectionLoadError } from '../features/sections/section-load-error.ts';
export type { SectionLoader, SectionPrefetcher } from '../features/sections/section-loader.ts';

/**
 * Starts the shell on the page's #root with the given way of loading sections (and of fetching
 * the next one ahead). The product passes the federated ones (main.tsx); the bench's single-bundle
 * baseline passes its own.
 */
export function mountApp(loadSection: SectionLoader, prefetchSection?: SectionPrefetcher): void {
  // Sends whatever an earlier page left unsent, and keeps retrying until the server has it.
  startOutbox();
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App loadSection={loadSection} prefetchSection={prefetchSection} />
    </StrictMode>,
  );
}
