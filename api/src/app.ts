import path from 'node:path';
import { BODY_LIMIT_BYTES, SECTIONS, type SectionRegistry } from '@assessment/core';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { describeError, openBackends, openStorage } from './backends.ts';
import type { ServerConfig } from './config.ts';
import { createHealth, registerHealthRoute } from './health.ts';
import { closeConnectionsAsTheyIdle } from './http/draining.ts';
import { LOG_SERIALIZERS, OneLinePerRequest } from './http/request-log.ts';
import { type PeriodicTaskRunner, startPeriodicTasks } from './jobs/periodic-tasks.ts';
import { type DeliverySender, startDeliverySender } from './mail/delivery-sender.ts';
import { createMailTransport } from './mail/mail-transport.ts';
import { remindersTask } from './mail/reminders.ts';
import { retentionTask, silentSessionsTask } from './privacy/erasure.ts';
import { startHealthWatch } from './releases/health-watch.ts';
import { type LiveReleases, startLiveReleases } from './releases/live-releases.ts';
import type { ShellContract } from './releases/release-checks.ts';
import { createReleasePreviews } from './releases/release-previews.ts';
import { createReleaseService } from './releases/release-service.ts';
import { registerReleaseServing } from './releases/release-serving.ts';
import { registerApi } from './routes/api.ts';
import { PERMISSIONS_POLICY, registerSecurityHeaders } from './security-headers.ts';
import { registerStaticSite, shellContractReader } from './static-site.ts';
import { createFileReleaseBlobs, createS3ReleaseBlobs } from './storage/releases/release-blobs.ts';
import { storesOn } from './storage/stores.ts';
import { staleUploadsTask } from './video/stale-uploads.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs what is due now; tests move the clock, then call `runDue`. */
    periodicTasks: PeriodicTaskRunner;
    /** Sends the emails due now; tests call `runDue` rather than wait for its next look. */
    deliverySender: DeliverySender;
  }
}

export interface AppOptions {
  /** The server clock; tests move it to reach the quiz time limit. */
  now?: () => number;
  /** The sections, `SECTIONS` unless a test adds one that keeps a record of its own. */
  sections?: SectionRegistry;
  /**
   * What the live shell speaks and provides; by default its build's `shell-contract.json`. The API
   * tests run before any build, so they give the same values the shell's build writes.
   */
  shellContract?: ShellContract;
}

export async function buildApp(config: ServerConfig, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: process.env.LOG_LEVEL ?? 'info', serializers: LOG_SERIALIZERS },
    logController: new OneLinePerRequest(),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // No proxy in front by default, so the server itself must drop stalled clients.
    requestTimeout: 120_000,
    // A mangled invitation link (bad percent-encoding) gets the product's "Page Not Found"
    // screen, not a bare JSON error in a candidate's browser.
    frameworkErrors: (error, request, reply) => {
      const plain = reply as unknown as FastifyReply;
      // Answered before any hook runs, so the headers every response has are set here.
      plain.header('Permissions-Policy', PERMISSIONS_POLICY).header('X-Content-Type-Options', 'nosniff');
      if (error.code === 'FST_ERR_BAD_URL' && request.method === 'GET' && !request.url.startsWith('/api/')) {
        return plain.redirect('/404');
      }
      return plain.code(error.statusCode ?? 400).send({ error: error.message });
    },
  });
  // Pages allow the origins of the live releases once they are read (below), before the server listens.
  let live: LiveReleases | undefined;
  registerSecurityHeaders(app, { foreignOrigins: () => live?.foreignOrigins() ?? [] });

  const backends = await openBackends(config, app.log);
  const storage = await openStorage(config, backends).catch(async (error: unknown) => {
    await backends.close();
    throw error;
  });
  app.addHook('onClose', async () => {
    // The storage first, then the connections it may use (the database pool).
    await storage.close();
    await backends.close();
  });

  const health = createHealth(backends.probes, {
    onChange: (name, result, error) =>
      result === 'down'
        ? app.log.error(`Health: ${name} is not reachable: ${describeError(error)}`)
        : app.log.info(`Health: ${name} is reachable again`),
  });
  registerHealthRoute(app, health);
  closeConnectionsAsTheyIdle(app);
  const stores = storesOn(storage);
  const sections = options.sections ?? SECTIONS;
  const releaseBlobs = config.s3 ? await createS3ReleaseBlobs(config.s3) : createFileReleaseBlobs(config.releasesDir);
  app.addHook('onClose', async () => releaseBlobs.close());
  const releaseService = createReleaseService({
    releases: stores.releases,
    blobs: releaseBlobs,
    sections,
    shellContract: options.shellContract ? () => options.shellContract : shellContractReader(config.repoRoot),
    now: options.now ?? Date.now,
    publicOrigin: config.publicUrl,
    maxBytes: config.releaseMaxBytes,
    allowPrivateUrls: config.releaseUrlsAllowPrivate,
    log: (message) => app.log.warn(message),
  });
  await releaseService.importFirst({ repoRoot: config.repoRoot, remotesFile: config.remotesFile });
  const liveReleases = await startLiveReleases(stores.releases, sections, {
    cdnUrl: config.releasesCdnUrl,
    log: (message) => app.log.error(message),
  });
  live = liveReleases;
  const releasePreviews = createReleasePreviews({
    releases: stores.releases,
    sections,
    now: options.now ?? Date.now,
    publicUrl: config.publicUrl,
  });
  app.addHook('onClose', async () => liveReleases.stop());
  const healthWatch = startHealthWatch({
    releases: stores.releases,
    releaseService,
    liveReleases,
    rule: { minLoads: config.rollbackMinLoads, marginPoints: config.rollbackMarginPoints },
    log: (message) => app.log.warn(message),
  });
  app.addHook('onClose', async () => healthWatch.stop());
  const deps = {
    config,
    ...stores,
    videos: backends.videos,
    uploadLocker: backends.uploadLocker,
    rateLimitRedis: backends.rateLimitRedis,
    mail: createMailTransport({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      mailDir: path.join(config.dataDir, 'mail'),
    }),
    now: options.now ?? Date.now,
    sections,
    releaseService,
    liveReleases,
    releasePreviews,
  };
  await registerApi(app, deps);
  registerReleaseServing(app, stores.releases, releaseBlobs);
  await registerStaticSite(app, config.repoRoot, liveReleases, releasePreviews);

  // The server's own work on a schedule; stopped before the storage closes (onClose runs last first).
  const tasks = startPeriodicTasks(
    [retentionTask(deps), silentSessionsTask(deps), staleUploadsTask(deps), remindersTask(deps)],
    {
      store: deps.tasks,
      now: deps.now,
      onError: (task, error) => app.log.error({ err: error }, `Periodic task ${task} failed`),
    },
  );
  app.decorate('periodicTasks', tasks);
  app.addHook('onClose', () => tasks.stop());
  const sender = startDeliverySender({
    ...deps,
    publicUrl: config.publicUrl,
    webhookAllowPrivate: config.webhookAllowPrivate,
    partnerKeySecret: config.partnerKeySecret,
    onError: (error) => app.log.error({ err: error }, 'Sending the queued messages failed'),
  });
  app.decorate('deliverySender', sender);
  app.addHook('onClose', () => sender.stop());
  return app;
}
