import { isExpired, isKnownTestId } from '@assessment/core';
import { mountApp } from './app/mount-app.tsx';
import { sectionOfPath } from './features/sections/lib/section-of-path.ts';
import { loadSection, prefetchSection } from './features/sections/remote-loader.ts';

// A page that opens a section starts loading its remote now, while React renders the page around it.
const section = sectionOfPath(window.location.pathname, { isKnownTestId, isExpired });
if (section) loadSection(section).catch(() => undefined);

mountApp(loadSection, prefetchSection);
