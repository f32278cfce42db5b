import type { Section } from '@assessment/core';
import type { SectionModule } from '@assessment/react';
import { useCallback, useEffect, useState } from 'react';
import { SectionLoadError } from './section-load-error.ts';
import { useSectionLoader } from './section-loader.ts';

export type SectionModuleState =
  | { status: 'loading' }
  | { status: 'ready'; module: SectionModule }
  | { status: 'failed'; error: SectionLoadError };

/** Loads a section remote; `retry` tries again from scratch after a failure. */
export function useSectionModule(section: Section): { state: SectionModuleState; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<SectionModuleState>({ status: 'loading' });
  const loadSection = useSectionLoader();

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    loadSection(section, { retry: attempt > 0 }).then(
      (module) => current && setState({ status: 'ready', module }),
      (error: unknown) =>
        current &&
        setState({
          status: 'failed',
          error: error instanceof SectionLoadError ? error : new SectionLoadError(String(error), 'unreachable'),
        }),
    );
    return () => {
      current = false;
    };
  }, [loadSection, section, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
