/** Scrolls to the next step; large screens only, where the steps do not fit on one screen anyway. */
export function StepContinue({ to }: { to: string }) {
  return (
    <button
      type="button"
      className="button step-continue"
      onClick={() => {
        const target = document.getElementById(to);
        const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        target?.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
        target?.focus({ preventScroll: true });
      }}
    >
      Continue
    </button>
  );
}
