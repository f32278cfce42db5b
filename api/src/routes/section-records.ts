import { sectionRecordRequestSchema, sectionTroubleSchema } from '@assessment/core';
import type { FastifyInstance } from 'fastify';
import { HttpError, parseOrRefuse } from '../http/errors.ts';
import type { RouteDeps } from './deps.ts';
import { ownSessionRef, SMALL_BODY_LIMIT } from './session-ref.ts';

/**
 * `POST /api/sections/<id>/record`: the record of a section that keeps one of its own
 * (`SectionDefinition.record`), checked by the section's own schema before it is stored. A section
 * gets this by its registry entry alone.
 */
export function registerSectionRecordRoutes(
  app: FastifyInstance,
  {
    sectionRecords,
    sectionTroubles,
    sections,
    now,
  }: Pick<RouteDeps, 'sectionRecords' | 'sectionTroubles' | 'sections' | 'now'>,
): void {
  // A section that failed in front of the candidate, and its end: the shell sends it for any
  // section, whether or not its registry entry keeps a record (shell/src/features/sections).
  app.post(
    '/api/section-trouble',
    { config: { access: 'session' as const }, bodyLimit: SMALL_BODY_LIMIT },
    async (request) => {
      const { troubleId, sectionId, kind, startedAt, endedAt, ...ref } = parseOrRefuse(
        sectionTroubleSchema,
        request.body,
      );
      await sectionTroubles.saveSectionTrouble(ownSessionRef(request, ref, now()), {
        troubleId,
        sectionId,
        kind,
        startedAt,
        endedAt,
      });
      return { ok: true };
    },
  );
  app.post<{ Params: { sectionId: string } }>(
    '/api/sections/:sectionId/record',
    { config: { access: 'session' as const }, bodyLimit: SMALL_BODY_LIMIT },
    async (request) => {
      const part = sections.byId(request.params.sectionId)?.record;
      if (!part) throw new HttpError(404, `No section "${request.params.sectionId}" keeps a record`);
      const { record, ...ref } = parseOrRefuse(sectionRecordRequestSchema, request.body);
      const checked = parseOrRefuse(part.schema, record);
      await sectionRecords.saveSectionRecord(ownSessionRef(request, ref, now()), request.params.sectionId, checked);
      return { ok: true };
    },
  );
}
