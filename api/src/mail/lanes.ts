/**
 * Each company's deliveries go out in a lane of their own: at most `PER_COMPANY` in flight on an
 * instance, so one company's endpoint that never answers (or its stream of events) takes its own
 * lane and no other's. One at a time keeps a company's events in the order they happened, as its
 * endpoint gets them, and gives each company what all of them shared before lanes. The lane is the company, not the endpoint or the recipient's domain: a
 * company's webhook endpoint is the one address a company chooses that can stall a send, and every
 * email goes through the operator's one SMTP server, where a recipient's domain does not make the
 * send slower. Lanes have no shared cap, which enough stalled companies together would fill: an
 * instance holds at most `PER_COMPANY` connections for each company of the catalogue.
 */
export const PER_COMPANY = 1;

/** The deliveries to start now, and those whose company's lane is full, in the order given. */
export function intoLanes<T extends { companyId: string }>(
  due: readonly T[],
  inFlight: ReadonlyMap<string, number>,
): { now: T[]; later: T[] } {
  const taken = new Map(inFlight);
  const now: T[] = [];
  const later: T[] = [];
  for (const delivery of due) {
    const busy = taken.get(delivery.companyId) ?? 0;
    if (busy >= PER_COMPANY) {
      later.push(delivery);
      continue;
    }
    taken.set(delivery.companyId, busy + 1);
    now.push(delivery);
  }
  return { now, later };
}
