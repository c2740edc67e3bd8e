import { contract } from '@koma/shared/contract';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../http/implement.js';
import { createWatermarksService } from '../watermarks/watermarks.service.js';
import { createAccessRecordListService } from './access-record-list.service.js';

/** The watermark setting and the access record (docs/renditions.md "Watermarks", docs/access.md "The access record"). */
export async function accessRecordRoutes(app: FastifyInstance) {
  const watermarks = createWatermarksService(app.deps);
  const record = createAccessRecordListService(app.deps);
  implement(app, 'accessRecord', contract.accessRecord, {
    watermark: ({ access }) => watermarks.get(access),
    saveWatermark: async ({ input, user, access, reply }) =>
      reply.ok(await watermarks.save(access, user.id, input), 'watermarkSaved'),
    list: ({ input: { page, pageSize, projectId: _p, ...filter }, access }) =>
      record.list(access, filter, page, pageSize),
    csv: ({ input: { projectId: _p, ...filter }, access }) => record.csv(access, filter),
    code: ({ input, access }) => record.code(access, input.code),
  });
}
