import type { FastifyInstance } from 'fastify';

const SWEEP_MS = 100;

/**
 * Closing the server closes the connections idle at that moment; one whose request was still in
 * flight would then stay open (keep-alive) after its answer, holding the shutdown until its bound.
 * While the server closes, such connections are closed as soon as they fall idle.
 */
export function closeConnectionsAsTheyIdle(app: FastifyInstance): void {
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    sweep = setInterval(() => app.server.closeIdleConnections(), SWEEP_MS);
    sweep.unref();
  });
  app.addHook('onClose', async () => clearInterval(sweep));
}
