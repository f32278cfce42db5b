/** The product's release API (`api/src/routes/releases.ts`), as the command calls it. */

export class ProductRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface ReleaseView {
  version: string;
  label: string;
  kind: 'files' | 'url';
  contractVersion: number | null;
  bytes: number;
  releasedAt: string;
  releasedBy: string;
}

export interface StatusView {
  section: string;
  live: (ReleaseView & { since: string; by: string | null }) | null;
  candidate: (ReleaseView & { share: number; next: { share: number; at: string } | null }) | null;
  lastRollback: HistoryView | null;
  told: { to: string; state: string }[];
}

/** The shares a release on a share goes on to by itself while healthy, `everyMinutes` apart. */
export interface Stages {
  stages: number[];
  everyMinutes: number;
}

export interface HistoryView {
  seq: number;
  at: string;
  kind: string;
  version: string | null;
  previousVersion: string | null;
  by: string;
  key: string | null;
  reason: string | null;
}

export function productApi(product: string, key: string) {
  async function call<T>(method: string, route: string, body?: { type: string; bytes: Buffer | string }): Promise<T> {
    let response: Response;
    try {
      response = await fetch(new URL(route, product), {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': body.type } : {}) },
        ...(body ? { body: typeof body.bytes === 'string' ? body.bytes : new Uint8Array(body.bytes) } : {}),
      });
    } catch (error) {
      throw new ProductRefusal(0, `The product at ${product} could not be reached: ${(error as Error).message}`);
    }
    const answer = (await response.json().catch(() => ({}))) as { error?: string };
    if (!response.ok)
      throw new ProductRefusal(response.status, answer.error ?? `The product answered ${response.status}`);
    return answer as T;
  }
  const json = (value: unknown) => ({ type: 'application/json', bytes: JSON.stringify(value) });
  const section = (id: string) => `/api/releases/${encodeURIComponent(id)}`;
  return {
    status: () => call<{ sections: StatusView[] }>('GET', '/api/releases').then((answer) => answer.sections),
    history: (id: string) =>
      call<{ history: HistoryView[] }>('GET', `${section(id)}/history`).then((answer) => answer.history),
    upload: (id: string, archive: Buffer, label: string) =>
      call<{ release: ReleaseView; existing: boolean }>('POST', `${section(id)}?label=${encodeURIComponent(label)}`, {
        type: 'application/gzip',
        bytes: archive,
      }),
    hosted: (id: string, url: string, label: string) =>
      call<{ release: ReleaseView; existing: boolean }>('POST', section(id), json({ url, label })),
    makeLive: (id: string, version: string, from: string | null, share?: number, stages?: Stages) =>
      call<{ changed: boolean }>(
        'POST',
        `${section(id)}/live`,
        json({ version, from, ...(share ? { share } : {}), ...(stages ?? {}) }),
      ),
    promote: (id: string, share: number | undefined) =>
      call<{ version: string; share: number; changed: boolean }>(
        'POST',
        `${section(id)}/promote`,
        json(share ? { share } : {}),
      ),
    preview: (id: string, version: string, hours: number | undefined) =>
      call<{ version: string; url: string; expiresAt: string }>(
        'POST',
        `${section(id)}/previews`,
        json({ version, ...(hours ? { hours } : {}) }),
      ),
    rollback: (id: string, to: string | undefined, from: string | null) =>
      call<{ live: ReleaseView; changed: boolean }>(
        'POST',
        `${section(id)}/rollback`,
        json({ ...(to ? { to } : {}), from }),
      ),
  };
}
