import { SECTION_CONTRACT_VERSION } from '@assessment/react';
import { QuizSection } from './quiz/QuizSection.tsx';

export const contractVersion = SECTION_CONTRACT_VERSION;

export default QuizSection;
