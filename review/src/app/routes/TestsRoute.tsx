import { useSignedIn } from '../../api/session.tsx';
import { LoadProblem } from '../../components/LoadProblem.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { StageReasonsSetting } from '../../features/decisions/components/StageReasonsSetting.tsx';
import { DeliveryLog } from '../../features/deliveries/components/DeliveryLog.tsx';
import { ReminderSetting } from '../../features/deliveries/components/ReminderSetting.tsx';
import { WebhookSetting } from '../../features/deliveries/components/WebhookSetting.tsx';
import { AccessLog } from '../../features/privacy/components/AccessLog.tsx';
import { RetentionSetting } from '../../features/privacy/components/RetentionSetting.tsx';
import { TeamPanel } from '../../features/team/components/TeamPanel.tsx';
import { TestList } from '../../features/tests/components/TestList.tsx';
import { useTests } from '../../features/tests/hooks/useTests.ts';
import { TwoFactorPanel } from '../../features/two-factor/components/TwoFactorPanel.tsx';
import { TwoFactorRequirement } from '../../features/two-factor/components/TwoFactorRequirement.tsx';

export function TestsRoute() {
  const { me } = useSignedIn();
  const tests = useTests();
  return (
    <>
      <PageHeading title="Your tests" />
      <p>
        {me.company.companyName}'s tests. Open one to see its candidates, invite candidates, or download the results.
      </p>
      {tests.error && <LoadProblem message={tests.error} onRetry={tests.reload} />}
      {tests.data ? <TestList tests={tests.data.tests} /> : !tests.error && <p className="muted">Loading tests…</p>}
      <TeamPanel />
      <TwoFactorPanel />
      <TwoFactorRequirement />
      <StageReasonsSetting />
      <DeliveryLog />
      <ReminderSetting />
      <WebhookSetting />
      <RetentionSetting />
      <AccessLog />
    </>
  );
}
