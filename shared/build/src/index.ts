export { precompress } from './precompress.ts';
export { federationShared } from './shared-singletons.ts';
export { DEV_REMOTES, defineRemoteConfig, defineShellConfig } from './vite-config.ts';
