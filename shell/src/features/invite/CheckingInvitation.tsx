/** While the server says whether this link may be used: usually a moment. */
export function CheckingInvitation() {
  return (
    <main className="centered-page invitation-checking">
      <p role="status">Checking your invitation link…</p>
    </main>
  );
}
