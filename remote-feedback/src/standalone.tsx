import { mountStandalone } from '@assessment/react/harness';
import Section from './section.tsx';

/**
 * The harness fakes a candidate who has just agreed on the landing page. This section opens only
 * after the video introduction, so each faked candidate here has also finished that one, and has
 * not given feedback yet. Set that section's flag to false in storage to see this one send them back.
 */
mountStandalone(Section, 'feedback', { previousFinished: true });
