import { defineRemoteConfig } from '@assessment/shared/vite-config';

export default defineRemoteConfig({ name: 'remoteQuiz', port: 5174 });
