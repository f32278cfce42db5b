import { describe, expect, it } from 'vitest';
import { createHealth, type HealthProbe } from './health.ts';

/** A dependency whose answer the test decides, counting how often it is asked. */
function dependency(name: string, required = true) {
  const state = { up: true, calls: 0, hang: false };
  const probe: HealthProbe = {
    name,
    required,
    async check() {
      state.calls += 1;
      if (state.hang) return new Promise<void>(() => {});
      if (!state.up) throw new Error(`${name} refused the connection`);
    },
  };
  return { probe, state };
}

describe('health', () => {
  it('is ok when every dependency answers, naming each', async () => {
    const database = dependency('database');
    const storage = dependency('storage');
    const health = createHealth([database.probe, storage.probe]);
    expect(await health.report()).toEqual({
      statusCode: 200,
      body: { status: 'ok', checks: { database: 'ok', storage: 'ok' } },
    });
  });

  it('is unavailable (503) when a required dependency is down, and says which', async () => {
    const database = dependency('database');
    const storage = dependency('storage');
    database.state.up = false;
    const changes: string[] = [];
    const health = createHealth([database.probe, storage.probe], {
      cacheMs: 0,
      onChange: (name, result) => changes.push(`${name} ${result}`),
    });
    expect(await health.report()).toEqual({
      statusCode: 503,
      body: { status: 'unavailable', checks: { database: 'down', storage: 'ok' }, error: 'Not reachable: database' },
    });
    await health.report();
    database.state.up = true;
    expect((await health.report()).statusCode).toBe(200);
    // Told of each change once, not at every probe.
    expect(changes).toEqual(['database down', 'database ok']);
  });

  it('counts a dependency that does not answer in time as down', async () => {
    const storage = dependency('storage');
    storage.state.hang = true;
    const health = createHealth([storage.probe], { timeoutMs: 50 });
    expect((await health.report()).body).toMatchObject({ status: 'unavailable', checks: { storage: 'down' } });
  });

  it('stays ok, but degraded, when only an optional dependency is down', async () => {
    const storage = dependency('storage');
    const rateLimits = dependency('rateLimits', false);
    rateLimits.state.up = false;
    const health = createHealth([storage.probe, rateLimits.probe]);
    expect(await health.report()).toEqual({
      statusCode: 200,
      body: { status: 'degraded', checks: { storage: 'ok', rateLimits: 'down' } },
    });
  });

  it('probes at most once per interval however often it is asked, then again', async () => {
    const storage = dependency('storage');
    const health = createHealth([storage.probe], { cacheMs: 200 });
    await Promise.all([health.report(), health.report(), health.report()]);
    await health.report();
    expect(storage.state.calls).toBe(1);
    storage.state.up = false;
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await health.report()).statusCode).toBe(503);
    expect(storage.state.calls).toBe(2);
  });
});
