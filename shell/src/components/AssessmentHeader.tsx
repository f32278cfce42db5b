import type { TestDefinition } from '@assessment/core';
import { useSession } from '@assessment/react';

/** The header of every assessment screen: who is hiring, for what, and who is taking it. */
export function AssessmentHeader({ test }: { test: TestDefinition }) {
  const fullName = useSession((s) => s.fullName);
  return (
    <header className="assessment-header">
      <div className="assessment-header-title">
        <span className="assessment-header-company">{test.companyName}</span>
        <span className="assessment-header-role">{test.roleName}</span>
        <span className="assessment-header-kind">Hiring Assessment</span>
      </div>
      {fullName && <span className="assessment-header-name">{fullName}</span>}
    </header>
  );
}
