// Modules that @assessment/build's federationHost() plugin writes into the shell's build.

declare module 'virtual:shared-singletons' {
  import type { UserOptions } from '@module-federation/runtime/types';
  /** The shell's providers of every federation singleton, as `createInstance({ shared })` takes them. */
  export const sharedSingletons: NonNullable<UserOptions['shared']>;
}

declare module 'virtual:federation-host-url' {
  /** Where the built federation host chunk (src/features/sections/federation-host.ts) is served. */
  const url: string;
  export default url;
}
