import { useEffect, useState } from 'react';
import { type Location, useLocation, useNavigate } from 'react-router-dom';
import { useReviewSession } from '../api/session.tsx';
import { viewOwner } from '../api/session-state.ts';

const sameAddress = (a: Location, b: Location) =>
  a.pathname === b.pathname && a.search === b.search && a.hash === b.hash;

/**
 * The address the review views are drawn from. While a sign-in has ended, the view kept under the
 * sign-in form (app/ReviewLayout.tsx) stays at the address it was at: the header's link or the
 * browser's Back would otherwise change the route under it and unmount it, with all that was typed
 * in it. When the same account signs in again, the browser goes back to that address, so that the
 * view and the address bar agree; another account starts where the address bar now is.
 */
export function useKeptAddress(): Location {
  const location = useLocation();
  const navigate = useNavigate();
  const { state } = useReviewSession();
  const [kept, setKept] = useState<{ location: Location; owner: string } | null>(null);
  // Set while rendering, so the render that hides the view already draws it from its own address.
  if (state.status === 'ended' && kept === null) setKept({ location, owner: viewOwner(state.me) });

  useEffect(() => {
    if (kept === null || state.status === 'ended') return;
    const sameAccount = state.status === 'signed-in' && viewOwner(state.me) === kept.owner;
    if (sameAccount && !sameAddress(location, kept.location)) navigate(kept.location, { state: kept.location.state });
    setKept(null);
  }, [kept, state, location, navigate]);

  return kept?.location ?? location;
}
