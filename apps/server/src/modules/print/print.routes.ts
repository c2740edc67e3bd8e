import { AccessKind } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../http/implement.js';
import { notFound } from '../../lib/app-error.js';
import { sendAttachment } from '../../lib/content-disposition.js';
import { recordAccess } from '../access-record/access-record.service.js';
import { createDeliveryService } from './delivery.service.js';
import { acceptErrors } from './preflight-consents.js';
import { createPrintService } from './print.service.js';

/** Print specification and preflight (docs/print.md). */
export async function printRoutes(app: FastifyInstance) {
  const print = createPrintService(app.deps);
  const deliveries = createDeliveryService(app.deps);
  implement(app, 'print', contract.print, {
    projectSpec: ({ access }) => print.projectSpec(access),
    saveProjectSpec: async ({ input, user, access, reply }) =>
      reply.ok(
        await print.saveProjectSpec(access, user.id, input.spec),
        input.spec ? 'printSpecSaved' : 'printSpecCleared',
      ),
    chapterSpec: ({ input, access }) => print.chapterSpec(access, input.chapterId),
    saveChapterSpec: async ({ input, user, access, reply }) =>
      reply.ok(
        await print.saveChapterSpec(access, user.id, input.chapterId, input.spec),
        input.spec ? 'printSpecSaved' : 'printSpecCleared',
      ),
    preflight: ({ input, access }) => print.preflight(access, input.chapterId),
    acceptErrors: async ({ input, user, access, reply }) => {
      const result = await print.preflight(access, input.chapterId);
      await acceptErrors(app.deps.db, user.id, input.chapterId, result);
      return reply.ok(null, 'preflightErrorsAccepted');
    },
    // the delivery: the founder or editor gets a signed link, the browser downloads the zip through it
    delivery: async ({ input, user, access }) => ({
      downloadUrl: await deliveries.link(access, user.id, input.chapterId, input.format),
    }),
    // No HEAD: it would make the whole delivery, holding a computed download's place, to send
    // nothing (docs/access.md, "Downloads that compute").
    deliveryFile: {
      handler: async ({ input, request, reply }) => {
        const delivery = await deliveries.byLink(input, request.lang);
        if (!delivery || input.by === undefined) throw notFound();
        await recordAccess(app.deps, {
          projectId: input.projectId,
          kind: AccessKind.DELIVERY,
          actor: { userId: input.by },
          ip: request.ip,
          chapterId: input.chapterId,
        });
        return sendAttachment(reply, 'application/zip', delivery);
      },
      exposeHeadRoute: false,
    },
  });
}
