export { FEDERATION_HOST_URL_MODULE, federationHost, SHARED_SINGLETONS_MODULE } from './federation-host.ts';
export { precompress } from './precompress.ts';
export { federationShared, SINGLETONS, sharedProvidersSource } from './shared-singletons.ts';
export { refusedSingletonImport, singletonImports } from './singleton-imports.ts';
export {
  defineRemoteConfig,
  defineReviewConfig,
  defineShellConfig,
  devRemoteLocations,
  REVIEW_DEV_PORT,
  SHELL_DEV_PORT,
  STANDALONE_MODE,
} from './vite-config.ts';
