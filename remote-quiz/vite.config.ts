import { defineRemoteConfig } from '@assessment/build';

export default defineRemoteConfig({ name: 'remoteQuiz', port: 5174 });
