import type { Plugin } from 'vite';
import { SINGLETONS } from './shared-singletons.ts';

/** The module that declares the section contract's version (`@assessment/react/contract`). */
const CONTRACT_MODULE = /[\\/]shared[\\/]react[\\/]src[\\/]contract[\\/]section-contract\.ts$/;
const DECLARATION = /\bSECTION_CONTRACT_VERSION\s*=\s*(\d+)/;

/** The version of the section contract a build compiled, or undefined when it compiled none. */
export function contractVersionIn(id: string, code: string): number | undefined {
  if (!CONTRACT_MODULE.test(id)) return undefined;
  const match = DECLARATION.exec(code);
  return match ? Number(match[1]) : undefined;
}

/**
 * Notes the section contract version as the build compiles it: from the contract module's code
 * after every other plugin's change (`enforce: 'post'`), not from the file on disk, so what a build
 * says it speaks is what its code speaks. The product checks a release by it before any candidate
 * loads it (`api/src/releases/release-checks.ts`).
 */
export function sectionContractCapture(): { plugin: Plugin; version(): number | undefined } {
  let version: number | undefined;
  return {
    plugin: {
      name: 'assessment-section-contract',
      enforce: 'post',
      transform(code, id) {
        version = contractVersionIn(id, code) ?? version;
        return null;
      },
    },
    version: () => version,
  };
}

/** The file a shell build writes beside its page: the contract it speaks and the singletons it provides. */
export const SHELL_CONTRACT_FILE = 'shell-contract.json';

export interface ShellContract {
  sectionContractVersion: number;
  /** Package name → the version the shell provides to every remote. */
  provides: Record<string, string>;
}

/** The singletons the shell provides, by name and version, from the one table both sides are built from. */
export function providedSingletons(): Record<string, string> {
  return Object.fromEntries(Object.entries(SINGLETONS).map(([name, { version }]) => [name, version]));
}

/**
 * Writes `shell-contract.json` into the shell's build: the product reads it to refuse a release
 * made for another contract, or needing a singleton the shell does not provide.
 */
export function shellContractFile(): Plugin[] {
  const capture = sectionContractCapture();
  return [
    capture.plugin,
    {
      name: 'assessment-shell-contract',
      apply: 'build',
      generateBundle() {
        const sectionContractVersion = capture.version();
        if (sectionContractVersion === undefined) this.error('The shell compiled no section contract version');
        const contract: ShellContract = { sectionContractVersion, provides: providedSingletons() };
        this.emitFile({
          type: 'asset',
          fileName: SHELL_CONTRACT_FILE,
          source: `${JSON.stringify(contract, null, 2)}\n`,
        });
      },
    },
  ];
}
