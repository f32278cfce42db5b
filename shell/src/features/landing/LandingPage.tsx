import type { TestDefinition } from '@assessment/core';
import { ConfirmationStep, RequirementsStep, ResponsibilitiesStep, SectionsStep } from './AssessmentSteps.tsx';
import { CompanyIntro } from './CompanyIntro.tsx';
import { ConfirmationForm } from './ConfirmationForm.tsx';
import './landing.css';

export function LandingPage({ test, testId }: { test: TestDefinition; testId: string }) {
  return (
    <main className="landing">
      <CompanyIntro test={test} />
      <div className="landing-steps">
        <ResponsibilitiesStep test={test} />
        <RequirementsStep test={test} />
        <SectionsStep test={test} />
        <ConfirmationStep>
          <ConfirmationForm test={test} testId={testId} />
        </ConfirmationStep>
      </div>
    </main>
  );
}
