// The contract this remote was built against, compiled into it: @assessment/react itself is the
// shell's copy at run time, so importing the version from there would always report the shell's.
import { SECTION_CONTRACT_VERSION } from '@assessment/react/contract';
import { QuizSection } from './quiz/QuizSection.tsx';

export const contractVersion = SECTION_CONTRACT_VERSION;

export default QuizSection;
