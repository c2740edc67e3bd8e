import { AccessKind } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../http/implement.js';
import { notFound } from '../../lib/app-error.js';
import { sendAttachment } from '../../lib/content-disposition.js';
import { recordAccess } from '../access-record/access-record.service.js';
import { createCorrectionSheetService } from './correction-sheet.service.js';
import { presentMarkList, presentOneMark } from './marks.presenter.js';
import { createMarksService } from './marks.service.js';

/** Red-pen marks on page revisions (docs/marks.md). */
export async function marksRoutes(app: FastifyInstance) {
  const marks = createMarksService(app.deps);
  const sheets = createCorrectionSheetService(app.deps);
  implement(app, 'marks', contract.marks, {
    list: async ({ input, user }) => presentMarkList(await marks.list(user.id, input)),
    add: async ({ input, user, reply }) =>
      reply.ok(presentOneMark(await marks.add(user, input)), 'markAdded'),
    reply: async ({ input, user, reply }) =>
      reply.ok(presentOneMark(await marks.reply(user.id, input)), 'markReplied'),
    resolve: async ({ input, user, reply }) =>
      reply.ok(presentOneMark(await marks.move(user.id, 'resolve', input)), 'markResolved'),
    confirm: async ({ input, user, reply }) =>
      reply.ok(presentOneMark(await marks.move(user.id, 'confirm', input)), 'markConfirmed'),
    reopen: async ({ input, user, reply }) =>
      reply.ok(presentOneMark(await marks.move(user.id, 'reopen', input)), 'markReopened'),
    remove: async ({ input, user, reply }) => {
      await marks.remove(user.id, input);
      return reply.ok(null, 'markRemoved');
    },
    // correction sheets: members get a signed link, the browser downloads the PDF through it
    sheetLink: async ({ input, user, access }) => ({
      downloadUrl: await sheets.link(access, user.id, input),
    }),
    // No HEAD: it would lay the whole sheet out, holding a computed download's place, to send
    // nothing (docs/access.md, "Downloads that compute").
    sheet: {
      handler: async ({ input, request, reply }) => {
        const sheet = await sheets.byLink(input, request.lang);
        if (!sheet || input.by === undefined) throw notFound();
        await recordAccess(app.deps, {
          projectId: input.projectId,
          kind: AccessKind.SHEET,
          actor: { userId: input.by },
          ip: request.ip,
          pageId: input.pageId ?? undefined,
          chapterId: input.chapterId ?? undefined,
        });
        return sendAttachment(reply, 'application/pdf', sheet);
      },
      exposeHeadRoute: false,
    },
  });
}
