/**
 * The tab's title on an invitation's screens: `{companyName} Assessment` on the landing page; on a
 * section's screen the section comes first, so the title alone says where the candidate is.
 */
export function assessmentTitle(companyName: string, sectionTitle?: string): string {
  const assessment = `${companyName} Assessment`;
  return sectionTitle ? `${sectionTitle} · ${assessment}` : assessment;
}
