import { SECTION_CONTRACT_VERSION } from '@assessment/react';
import { VideoSection } from './video/VideoSection.tsx';

export const contractVersion = SECTION_CONTRACT_VERSION;

export default VideoSection;
