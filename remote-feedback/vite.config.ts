import { defineRemoteConfig } from '@assessment/shared/vite-config';

export default defineRemoteConfig({ name: 'remoteFeedback', port: 5176 });
