import { defineRemoteConfig } from '@assessment/shared/vite-config';

export default defineRemoteConfig({ name: 'remoteVideo', port: 5175 });
