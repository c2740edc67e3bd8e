import { contract } from '@koma/shared/contract';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../http/implement.js';
import { createTeamService } from '../projects/team.service.js';
import { createSeatsService } from './seats.service.js';

/** The editorial seats, 副担当 and 編集長 (docs/access.md, "Editorial seats"). */
export async function seatsRoutes(app: FastifyInstance) {
  const seats = createSeatsService(app.deps);
  const team = createTeamService(app.deps);
  implement(app, 'seats', contract.seats, {
    ofProject: ({ access, request }) => seats.ofProject(access, request.lang),
    people: ({ input, user }) => seats.people(user.id, input.nick),
    invite: async ({ input, user, access, reply }) => {
      await seats.invite(access, user.id, input.userId, input.seat);
      return reply.ok(null, 'seatInvited');
    },
    withdraw: async ({ input, user, access, reply }) => {
      await seats.withdraw(access, user.id, input.invitationId);
      return reply.ok(null, 'invitationWithdrawn');
    },
    remove: async ({ input, user, access, reply }) => {
      await team.removeSeat(access, user.id, input.userId);
      return reply.ok(null, 'seatRemoved');
    },
  });
}
