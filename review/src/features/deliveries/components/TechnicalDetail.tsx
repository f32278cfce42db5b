/**
 * The error as the network, the endpoint or the mail server gave it, closed until asked for: the
 * reviewer reads what it means beside it, and whoever fixes the endpoint reads this.
 */
export function TechnicalDetail({ detail }: { detail: string | null }) {
  if (!detail) return null;
  return (
    <details className="technical-detail">
      <summary>Technical detail</summary>
      <code>{detail}</code>
    </details>
  );
}
