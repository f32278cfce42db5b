import { mountStandalone } from '@assessment/shared/harness';
import Section from './section.tsx';

mountStandalone(Section, 'quiz');
