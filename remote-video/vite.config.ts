import { defineRemoteConfig } from '@assessment/build';

export default defineRemoteConfig({ name: 'remoteVideo', port: 5175 });
