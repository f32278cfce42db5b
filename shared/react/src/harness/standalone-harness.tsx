import {
  allTests,
  buildDeviceInfo,
  extraTimePercentSchema,
  getTest,
  invitePath,
  newSessionKey,
  pathAfterSection,
  SECTIONS,
  type Section,
  type SectionId,
  sampleTestId,
  wireSessionRef,
} from '@assessment/core';
import { type ComponentType, StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { flushOutbox, postRegistration } from '../api/client.ts';
import type { SectionProps } from '../contract/section-contract.ts';
import { currentDeviceFacts } from '../device/current-device.ts';
import { sessionStore } from '../store/session-store.ts';
import { NotificationArea } from '../toast/notifications.tsx';
import '../ui/base.css';

const HARNESS_CANDIDATE = { email: 'sample.candidate@harness.example', fullName: 'Sample Candidate' };

export interface HarnessOptions {
  /** Each faked candidate has also finished the section before this one (for a section that waits for it). */
  previousFinished?: boolean;
}

/**
 * Pretends the candidate agreed on the landing page, as the shell would have recorded it, and
 * registers that session with the API as the shell does: the server takes a session's writes only
 * once it is registered, with the key made here. Resolves once the registration has had its try,
 * so that the section's first call (the video section's device check) never overtakes it.
 */
function fakeSession(testId: string, section: Section, options: HarnessOptions): Promise<void> {
  const state = sessionStore.getState();
  if (state.testId === testId && state.sessionId) return flushOutbox();
  const sessionId = crypto.randomUUID();
  const startTime = Date.now();
  const form = { social: 'https://profile.harness.example/sample', gender: '' as const };
  state.startNewSession({
    ...HARNESS_CANDIDATE,
    ...form,
    testId,
    workExperience: '4-6 Years',
    declaration: true,
    term: true,
    startTime,
    sessionKey: newSessionKey(),
    sessionId,
  });
  const previous = SECTIONS.previous(section);
  if (options.previousFinished && previous) sessionStore.markSectionFinished(previous);
  const deviceInfo = buildDeviceInfo(currentDeviceFacts(), form);
  postRegistration({
    ...form,
    ...wireSessionRef({ sessionId, testId }),
    name: HARNESS_CANDIDATE.fullName,
    email: HARNESS_CANDIDATE.email,
    fullName: HARNESS_CANDIDATE.fullName,
    company: `${getTest(testId)?.companyName ?? ''} ${JSON.stringify(deviceInfo)}`,
    workExperience: '4-6 Years',
    declaration: true,
    startTime,
    deviceInfo,
  });
  return flushOutbox();
}

/** `?extra=50` plays a personal invitation with 50 % extra quiz time. */
function extraTimeOfPage(): number {
  const extra = extraTimePercentSchema.safeParse(Number(new URLSearchParams(window.location.search).get('extra') ?? 0));
  return extra.success ? extra.data : 0;
}

function initialTestId(): string {
  const requested = new URLSearchParams(window.location.search).get('test') ?? '';
  return getTest(requested) ? requested : sampleTestId;
}

interface HarnessProps {
  Section: ComponentType<SectionProps>;
  section: Section;
  options: HarnessOptions;
}

function Harness({ Section, section, options }: HarnessProps) {
  const [testId, setTestId] = useState(initialTestId);
  const [navigation, setNavigation] = useState<string | null>(null);
  const test = getTest(testId);
  if (!test) return null;

  return (
    <>
      <header className="harness-bar">
        <label htmlFor="harness-test">Standalone harness ({section.segment}). Test: </label>
        <select
          id="harness-test"
          value={testId}
          onChange={(event) => {
            const chosen = event.target.value;
            void fakeSession(chosen, section, options).then(() => {
              setTestId(chosen);
              setNavigation(null);
            });
          }}
        >
          {allTests().map((t) => (
            <option key={t.uuid} value={t.uuid}>
              {t.companyName}: {t.roleName}
            </option>
          ))}
        </select>
        <button type="button" onClick={() => sessionStore.getState().update({ startTime: Date.now() })}>
          Restart timer
        </button>
        {navigation && <output>{navigation}</output>}
      </header>
      <main>
        <Section
          key={testId}
          test={test}
          testId={testId}
          extraTimePercent={extraTimeOfPage()}
          goToNext={() => setNavigation(`The shell would now open ${pathAfterSection(testId, section)}`)}
          goToLanding={() => setNavigation(`The shell would now open ${invitePath(testId)}`)}
        />
      </main>
      <NotificationArea />
    </>
  );
}

/** Runs one section remote on its own page, with a fake invitation and session, for its team. */
export function mountStandalone(
  Section: ComponentType<SectionProps>,
  sectionId: SectionId,
  options: HarnessOptions = {},
): void {
  const section = SECTIONS.byId(sectionId);
  if (!section) throw new Error(`The section registry has no section "${sectionId}"`);
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  void fakeSession(initialTestId(), section, options).then(() =>
    createRoot(container).render(
      <StrictMode>
        <Harness Section={Section} section={section} options={options} />
      </StrictMode>,
    ),
  );
}
