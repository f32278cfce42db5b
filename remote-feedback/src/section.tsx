import { SECTION_CONTRACT_VERSION } from '@assessment/react';
import { FeedbackSection } from './components/FeedbackSection.tsx';

export const contractVersion = SECTION_CONTRACT_VERSION;

export default FeedbackSection;
