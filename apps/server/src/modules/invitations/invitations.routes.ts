import { contract } from '@koma/shared/contract';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../http/implement.js';
import { createInvitationAnswersService } from './invitation-answers.service.js';
import { createInvitationsService } from './invitations.service.js';
import { createInvitersService } from './inviters.service.js';

/** Team invitations (docs/access.md, "Inviting"). */
export async function invitationsRoutes(app: FastifyInstance) {
  const invitations = createInvitationsService(app.deps);
  const answers = createInvitationAnswersService(app.deps);
  const inviters = createInvitersService(app.deps);
  const answered = (accept: boolean) => (accept ? 'teamJoined' : 'invitationRefused');
  implement(app, 'invitations', contract.invitations, {
    invite: async ({ input, user, access, reply }) => {
      await invitations.invite(access, user.id, input);
      return reply.ok(null, 'memberInvited');
    },
    people: ({ input, user }) => invitations.people(user.id, input.nick),
    inviteByMail: async ({ input, user, access, request, reply }) => {
      await invitations.inviteByMail(access, user.id, input, request.lang);
      return reply.ok(null, 'invitationMailSent');
    },
    ofProject: ({ access, user, request }) => invitations.ofProject(access, user.id, request.lang),
    withdraw: async ({ input, user, access, reply }) => {
      await invitations.withdraw(access, user.id, input.invitationId);
      return reply.ok(null, 'invitationWithdrawn');
    },
    projects: ({ user }) => inviters.projects(user.id),
    mine: ({ user, request }) => invitations.mine(user.id, request.lang),
    answer: async ({ input, user, reply }) =>
      reply.ok(await answers.answer(user.id, input.invitationId, input.accept), answered(input.accept)),
    link: ({ input, request }) => answers.link(input.token, request.lang),
    answerLink: async ({ input, user, reply }) =>
      reply.ok(await answers.answerLink(user.id, input.token, input.accept), answered(input.accept)),
    allowInviter: async ({ input, user, access, reply }) => {
      await inviters.allow(access, user.id, input.userId, input.allow);
      return reply.ok(null, input.allow ? 'inviterAllowed' : 'inviterRevoked');
    },
  });
}
