import { mountStandalone } from '@assessment/react/harness';
import Section from './section.tsx';

mountStandalone(Section, 'video');
