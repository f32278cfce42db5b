import { SECTIONS, type TestDefinition } from '@assessment/core';
import type { ReactNode } from 'react';
import { StepContinue } from './StepContinue.tsx';

function Step({ id, title, next, children }: { id: string; title: string; next?: string; children: ReactNode }) {
  return (
    <section id={id} className="landing-step" aria-labelledby={`${id}-title`} tabIndex={-1}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
      {next && <StepContinue to={next} />}
    </section>
  );
}

export function ResponsibilitiesStep({ test }: { test: TestDefinition }) {
  return (
    <Step id="step-1" title="Responsibilities" next="step-2">
      <ol>
        {test.responsibilities.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ol>
    </Step>
  );
}

export function RequirementsStep({ test }: { test: TestDefinition }) {
  return (
    <Step id="step-2" title="Key Requirements" next="step-3">
      <ol>
        {test.keyrequirements.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ol>
    </Step>
  );
}

export function SectionsStep({ test }: { test: TestDefinition }) {
  return (
    <Step id="step-3" title="Sections" next="step-4">
      <table className="sections-table">
        <thead>
          <tr>
            <th scope="col">NUMBER</th>
            <th scope="col">SECTION</th>
            <th scope="col">DETAIL</th>
          </tr>
        </thead>
        <tbody>
          {SECTIONS.sections.map((section, index) => (
            <tr key={section.id}>
              <td>{index + 1}</td>
              <td>{section.title}</td>
              <td>{section.summary(test)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Step>
  );
}

export function ConfirmationStep({ children }: { children: ReactNode }) {
  return (
    <Step id="step-4" title="Confirmation">
      {children}
    </Step>
  );
}
