import type { CandidateDetail } from '@assessment/core';
import { formatDateTime } from '../../../lib/time.ts';

const PERMISSION_LABELS: Record<string, string> = {
  granted: 'allowed',
  denied: 'blocked',
  prompt: 'not asked yet',
  unknown: 'unknown',
};

/** The browser and screen at registration, and each camera check as the browser reported it. */
export function DeviceFacts({
  deviceInfo,
  deviceChecks,
}: {
  deviceInfo: NonNullable<CandidateDetail['registration']>['deviceInfo'] | null;
  deviceChecks: CandidateDetail['deviceChecks'];
}) {
  return (
    <div className="device-facts">
      {deviceInfo ? (
        <dl className="facts">
          <div>
            <dt>Operating system</dt>
            <dd>{`${deviceInfo.os.name} ${deviceInfo.os.version}`.trim() || 'Unknown'}</dd>
          </div>
          <div>
            <dt>Browser</dt>
            <dd>{`${deviceInfo.browser.name} ${deviceInfo.browser.version}`.trim() || 'Unknown'}</dd>
          </div>
          <div>
            <dt>Screen</dt>
            <dd>{deviceInfo.screen || 'Unknown'}</dd>
          </div>
          <div>
            <dt>Mobile device</dt>
            <dd>{deviceInfo.mobile ? 'Yes' : 'No'}</dd>
          </div>
        </dl>
      ) : (
        <p>No registration details were received.</p>
      )}
      <h3>Camera checks</h3>
      {deviceChecks.length === 0 ? (
        <p>No camera check was reported.</p>
      ) : (
        <ul className="plain-list">
          {deviceChecks.map((check) => (
            <li key={check.checkId}>
              {formatDateTime(check.receivedAt)}: {check.result ? 'passed' : 'did not pass'} ({check.facts.videoInputs}{' '}
              {check.facts.videoInputs === 1 ? 'camera' : 'cameras'}, permission{' '}
              {PERMISSION_LABELS[check.facts.permission] ?? check.facts.permission},{' '}
              {check.facts.secureContext ? 'secure page' : 'page not secure'})
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
