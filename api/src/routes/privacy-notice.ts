import { companyIdOf, type PrivacyFacts } from '@assessment/core';
import type { FastifyInstance } from 'fastify';
import { requireTest } from '../invite.ts';
import type { RouteDeps } from './deps.ts';

/** `GET /api/privacy-notice/:testId`: what the landing page's privacy notice says, from the company's settings. */
export function registerPrivacyNoticeRoute(
  app: FastifyInstance,
  { privacy, config }: Pick<RouteDeps, 'privacy' | 'config'>,
): void {
  app.get<{ Params: { testId: string } }>('/api/privacy-notice/:testId', async (request): Promise<PrivacyFacts> => {
    const test = requireTest(request.params.testId);
    return {
      companyName: test.companyName,
      companyUrl: test.companyURL,
      roleName: test.roleName,
      retentionDays: await privacy.retentionDays(companyIdOf(test)),
      // Without a mail server every message is an .eml file in DATA_DIR/mail (api/src/mail/mail-transport.ts).
      emailsSent: config.smtpUrl !== undefined,
    };
  });
}
