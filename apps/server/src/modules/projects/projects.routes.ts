import { CheckStatus } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../http/implement.js';
import { createProjectSearchService } from './project-search.service.js';
import { createProjectsService } from './projects.service.js';
import { createTeamService } from './team.service.js';

export async function projectsRoutes(app: FastifyInstance) {
  const projects = createProjectsService(app.deps);
  const search = createProjectSearchService(app.deps);
  const team = createTeamService(app.deps);
  implement(app, 'projects', contract.projects, {
    save: async ({ input, user, reply }) =>
      reply.ok({ projectId: await projects.save(user, input) }, 'saved'),
    mine: ({ input, user, request }) => projects.list(user.id, input.type === 1, input.keyword, request.lang),
    detail: ({ input, user, request }) => projects.detail(user.id, input.proId, request.lang),
    complete: async ({ access, request, reply }) => {
      await projects.complete(access, request.lang);
      return reply.ok(null, 'projectCompleted');
    },
    readingDirection: async ({ input, access, reply }) => {
      await projects.setReadingDirection(access, input.direction);
      return reply.ok(null, 'saved');
    },
    editors: async ({ input, access }) => ({ list: await projects.editorCandidates(access, input.keyword) }),
    invite: async ({ input, access, reply }) => {
      await projects.inviteEditor(access, input.userid, input.message);
      return reply.ok(null, 'invitationSent');
    },
    answer: async ({ input: { projectId, checkStatus }, user, reply }) => {
      await projects.answerInvitation(user.id, projectId, checkStatus);
      return reply.ok(null, checkStatus === CheckStatus.ACCEPT ? 'invitationAccepted' : 'invitationRefused');
    },
    search: ({ input, user, request }) => search.search(user.id, input, request.lang),
    memberWork: ({ input, user, access, request }) =>
      team.memberWork(access, user.id, input.userId, request.lang),
    removeMember: async ({ input, user, access, reply }) => {
      await team.removeMember(access, user.id, input.userId);
      return reply.ok(null, 'memberRemoved');
    },
    changeMember: async ({ input, user, access, reply }) => {
      await team.changeMember(access, user.id, input);
      return reply.ok(null, 'memberChanged');
    },
    leave: async ({ user, access, reply }) => {
      await team.leave(access, user.id);
      return reply.ok(null, 'projectLeft');
    },
    events: ({ input, access, request }) => team.events(access, input.page, request.lang),
  });
}
