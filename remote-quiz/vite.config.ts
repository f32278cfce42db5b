import { defineRemoteConfig } from '@assessment/build';

export default defineRemoteConfig('quiz');
