import { SECTION_CONTRACT_VERSION, type SectionProps } from '@assessment/shared';

export const contractVersion = SECTION_CONTRACT_VERSION;

export default function Section({ test }: SectionProps) {
  return (
    <section aria-labelledby="section-title">
      <h1 id="section-title">Section 1: Problem Solving</h1>
      <p>{test.roleName}</p>
    </section>
  );
}
