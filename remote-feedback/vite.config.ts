import { defineRemoteConfig } from '@assessment/build';

export default defineRemoteConfig({ name: 'remoteFeedback', port: 5176 });
