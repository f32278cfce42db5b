export { precompress } from './precompress.ts';
export { contractVersionIn, providedSingletons, SHELL_CONTRACT_FILE, type ShellContract } from './section-contract.ts';
export { federationShared } from './shared-singletons.ts';
export {
  defineRemoteConfig,
  defineReviewConfig,
  defineShellConfig,
  devRemoteLocations,
  SHELL_DEV_PORT,
} from './vite-config.ts';
