import type { FastifyInstance } from 'fastify';

export interface HealthProbe {
  /** The name the report uses: `database`, `storage`, `rateLimits`. */
  name: string;
  check(): Promise<void>;
  /** When a required probe fails the instance is unhealthy (503); any other failure is only reported. */
  required: boolean;
}

type CheckResult = 'ok' | 'down';

export interface HealthReport {
  statusCode: 200 | 503;
  body: {
    status: 'ok' | 'degraded' | 'unavailable';
    checks: Record<string, CheckResult>;
    error?: string;
  };
}

/** A load balancer polls every few seconds per instance; one probe of each dependency a second is plenty. */
const CACHE_MS = 1000;
/** A dependency that does not answer within this is down, whatever it would say later. */
const PROBE_TIMEOUT_MS = 2000;

function withinTimeout(check: Promise<void>, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([check, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Whether this instance's dependencies are reachable. Probes run at most once per second whatever
 * the polling rate; requests in between share the last result.
 */
export function createHealth(
  probes: HealthProbe[],
  {
    cacheMs = CACHE_MS,
    timeoutMs = PROBE_TIMEOUT_MS,
    onChange = () => {},
  }: {
    cacheMs?: number;
    timeoutMs?: number;
    /** Told when a dependency goes down or comes back, not at every probe. */
    onChange?: (name: string, result: CheckResult, error?: unknown) => void;
  } = {},
) {
  let last: { at: number; report: Promise<HealthReport> } | undefined;
  const previous = new Map<string, CheckResult>();

  function record(name: string, result: CheckResult, error?: unknown): CheckResult {
    if ((previous.get(name) ?? 'ok') !== result) onChange(name, result, error);
    previous.set(name, result);
    return result;
  }

  async function probeAll(): Promise<HealthReport> {
    const results = await Promise.all(
      probes.map(async (probe): Promise<[HealthProbe, CheckResult]> => {
        try {
          await withinTimeout(probe.check(), timeoutMs);
          return [probe, record(probe.name, 'ok')];
        } catch (error) {
          return [probe, record(probe.name, 'down', error)];
        }
      }),
    );
    const checks = Object.fromEntries(results.map(([probe, result]) => [probe.name, result]));
    const down = results.filter(([, result]) => result === 'down').map(([probe]) => probe);
    if (down.some((probe) => probe.required)) {
      const names = down.filter((probe) => probe.required).map((probe) => probe.name);
      return { statusCode: 503, body: { status: 'unavailable', checks, error: `Not reachable: ${names.join(', ')}` } };
    }
    return { statusCode: 200, body: { status: down.length > 0 ? 'degraded' : 'ok', checks } };
  }

  return {
    async report(): Promise<HealthReport> {
      const now = Date.now();
      if (!last || now - last.at >= cacheMs) last = { at: now, report: probeAll() };
      return last.report;
    },
  };
}

export type Health = ReturnType<typeof createHealth>;

/**
 * `GET /api/health`, outside the API's rate limit: load balancers poll it. Once the server is
 * closing, Fastify itself answers 503 to every request, this one included.
 */
export function registerHealthRoute(app: FastifyInstance, health: Health): void {
  app.get('/api/health', async (_request, reply) => {
    const { statusCode, body } = await health.report();
    return reply.code(statusCode).header('Cache-Control', 'no-store').send(body);
  });
}
