import type { SessionRef } from '@assessment/core';
import { type DeviceCheckFacts, deviceCheckPasses, randomId, wireSessionRef } from '@assessment/core';
import { postDeviceCheck } from '@assessment/react';
import { useEffect, useState } from 'react';
import { browserMediaEnvironment, readDeviceFacts } from '../lib/device-facts.ts';
import { notices } from '../lib/notices.ts';

const DEVICE_CHECK_INTERVAL_MS = 2000;

export type DeviceCheck =
  | { status: 'checking' }
  | { status: 'passed'; facts: DeviceCheckFacts }
  | { status: 'failed'; facts: DeviceCheckFacts };

/**
 * The camera check: decided here from the browser's own facts, every 2 s until
 * it passes. A result whose facts differ from the last one sent is sent to the API for the hiring
 * company's record: a candidate looking at a failed check for an hour is one entry there, not
 * 1,800 queued in their outbox. What the server answers, or whether it answers at all, changes
 * nothing for the candidate. A new `recheckAfter` (a camera that just failed) starts the check
 * again, since the facts may have changed with it.
 */
export function useDeviceCheck(session: SessionRef, companyName: string, recheckAfter: unknown): DeviceCheck {
  const [check, setCheck] = useState<DeviceCheck>({ status: 'checking' });
  const { sessionId, testId } = session;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `recheckAfter` is itself the reason to check again.
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failedBefore = false;
    let sentFacts: string | undefined;

    async function run() {
      const facts = await readDeviceFacts(browserMediaEnvironment());
      if (stopped) return;
      const passed = deviceCheckPasses(facts);
      const factsText = JSON.stringify(facts);
      if (factsText !== sentFacts) {
        sentFacts = factsText;
        void postDeviceCheck({
          company: companyName,
          ...wireSessionRef({ sessionId, testId }),
          checkId: randomId(),
          facts,
        });
      }
      setCheck({ status: passed ? 'passed' : 'failed', facts });
      if (passed) {
        if (failedBefore) notices.deviceCheckPassed();
        return;
      }
      if (!failedBefore) notices.deviceCheckFailed();
      failedBefore = true;
      timer = setTimeout(() => void run(), DEVICE_CHECK_INTERVAL_MS);
    }

    void run();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [sessionId, testId, companyName, recheckAfter]);

  return check;
}
